using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Eddy.Tests.Shared;

namespace Eddy.Tests.Architecture;

/// <summary>
/// Code that differs between target frameworks lives in partial files the project picks by name, X.netcoreapp.cs
/// (net8.0 and later) and X.netstandard.cs (netstandard2.1), never in inline <c>#if</c> blocks, so each file
/// reads as one target's code. The project (src/Eddy/Eddy.csproj) compiles each kind for its targets only.
/// </summary>
public partial class TargetSpecificCodeTests
{
    private static readonly string[] s_sourceRoots =
    [
        RepositoryRoot.Combine("src", "Eddy"),
        RepositoryRoot.Combine("src", "Eddy.Extensions.ObjectPool"),
        RepositoryRoot.Combine("src", "Eddy.Extensions.DependencyInjection"),
        RepositoryRoot.Combine("src", "Eddy.AspNetCore"),
    ];

    [Fact]
    public void No_source_file_branches_on_the_target_framework_inline()
    {
        var offenders = new List<string>();
        int checkedFiles = 0;
        foreach (string root in s_sourceRoots)
        {
            foreach (string path in SourceFiles(root))
            {
                checkedFiles++;
                string[] lines = File.ReadAllLines(path);
                for (int i = 0; i < lines.Length; i++)
                {
                    if (TargetDirective().IsMatch(lines[i]))
                    {
                        offenders.Add($"{Path.GetRelativePath(RepositoryRoot.Path, path)}:{i + 1}: {lines[i].Trim()}");
                    }
                }
            }
        }

        Assert.True(checkedFiles > 50, $"only {checkedFiles} files checked: are the paths right?");
        Assert.True(offenders.Count == 0, "Move these into X.netcoreapp.cs / X.netstandard.cs partial files:\n  " + string.Join("\n  ", offenders));
    }

    [Fact]
    public void Target_specific_files_use_only_the_two_suffixes_the_project_knows()
    {
        // A file named for a target the project does not know (X.net8.cs) would compile for every target.
        var unknown = s_sourceRoots.SelectMany(SourceFiles)
            .Select(Path.GetFileName)
            .Where(name => UnknownTargetSuffix().IsMatch(name!))
            .ToList();

        Assert.True(unknown.Count == 0, "Unknown target suffixes: " + string.Join(", ", unknown));
    }

    [Fact]
    public void The_library_project_compiles_each_partial_kind_for_its_targets_only()
    {
        string project = File.ReadAllText(RepositoryRoot.Combine("src", "Eddy", "Eddy.csproj"));

        Assert.Matches(@"Condition=""'\$\(TargetFramework\)' == 'netstandard2.1'"">\s*<Compile Remove=""\*\*/\*\.netcoreapp\.cs"" />", project);
        Assert.Matches(@"Condition=""'\$\(TargetFramework\)' != 'netstandard2.1'"">\s*<Compile Remove=""\*\*/\*\.netstandard\.cs"" />", project);
    }

    private static IEnumerable<string> SourceFiles(string root) =>
        Directory.EnumerateFiles(root, "*.cs", SearchOption.AllDirectories)
            .Where(p =>
            {
                string relative = Path.GetRelativePath(root, p).Replace('\\', '/');
                return !relative.StartsWith("bin/", StringComparison.Ordinal) && !relative.StartsWith("obj/", StringComparison.Ordinal);
            });

    /// <summary><c>#if NET</c>, <c>#if !NET</c>, <c>#elif NETSTANDARD2_1</c>, <c>#if NET8_0_OR_GREATER</c> and the like.</summary>
    [GeneratedRegex(@"^\s*#\s*(if|elif)\b.*\b(NET|NETSTANDARD|NETCOREAPP|NETFRAMEWORK)\w*\b")]
    private static partial Regex TargetDirective();

    /// <summary>A target-looking suffix other than the two the project knows: X.net8.cs, X.netcore.cs, X.netstd.cs.</summary>
    [GeneratedRegex(@"\.(?!netcoreapp\.cs$|netstandard\.cs$)net\w*\.cs$", RegexOptions.IgnoreCase)]
    private static partial Regex UnknownTargetSuffix();
}

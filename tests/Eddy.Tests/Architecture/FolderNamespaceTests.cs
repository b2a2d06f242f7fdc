using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Eddy.Tests.Shared;

namespace Eddy.Tests.Architecture;

/// <summary>
/// Every .cs file under src/Eddy declares the namespace its folder names: src/Eddy/Buffers/X.cs is in Eddy.Buffers,
/// a file at the root is in Eddy. A reader then finds a type from its namespace alone.
/// </summary>
public partial class FolderNamespaceTests
{
    /// <summary>Polyfills declare BCL types the older targets lack, so they must use the BCL's namespaces.</summary>
    private const string PolyfillFolder = "Polyfills";

    private static readonly string s_source = RepositoryRoot.Combine("src", "Eddy");

    [Fact]
    public void Every_source_file_declares_the_namespace_of_its_folder()
    {
        var mismatches = new Dictionary<string, string>(StringComparer.Ordinal);
        int checkedFiles = 0;
        foreach (string path in SourceFiles())
        {
            string relative = Path.GetRelativePath(s_source, path).Replace('\\', '/');
            string folder = Path.GetDirectoryName(relative)!.Replace('\\', '/');
            if (folder == PolyfillFolder || folder.StartsWith(PolyfillFolder + "/", StringComparison.Ordinal))
            {
                continue;
            }

            var declared = Namespace().Matches(File.ReadAllText(path)).Select(m => m.Groups[1].Value).Distinct().ToList();
            if (declared.Count == 0)
            {
                // Assembly attributes only (Properties/AssemblyInfo.cs).
                continue;
            }

            checkedFiles++;
            string expected = folder.Length == 0 ? "Eddy" : "Eddy." + folder.Replace('/', '.');
            if (declared.Any(n => n != expected))
            {
                mismatches[relative] = $"{relative}: namespace {string.Join(", ", declared)}, folder says {expected}";
            }
        }

        Assert.True(checkedFiles > 50, $"only {checkedFiles} files checked under {s_source}: is the path right?");
        Assert.True(mismatches.Count == 0, "Namespace and folder disagree:\n  " + string.Join("\n  ", mismatches.Values.Order(StringComparer.Ordinal)));
    }

    private static IEnumerable<string> SourceFiles() =>
        Directory.EnumerateFiles(s_source, "*.cs", SearchOption.AllDirectories)
            .Where(p =>
            {
                string relative = Path.GetRelativePath(s_source, p).Replace('\\', '/');
                return !relative.StartsWith("bin/", StringComparison.Ordinal) && !relative.StartsWith("obj/", StringComparison.Ordinal);
            });

    [GeneratedRegex(@"^\s*namespace\s+([\w.]+)\s*[;{]", RegexOptions.Multiline)]
    private static partial Regex Namespace();
}

using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Eddy.PackageTests.Infrastructure;

namespace Eddy.PackageTests;

/// <summary>
/// The README's Install section, followed as a new user follows it: its one <c>dotnet pack</c> line run at the
/// repository root, then its other lines (the package source, one <c>dotnet add package</c> per package) in order in a
/// fresh console project, then the README's quick start as that project's Program.cs, built and run. The lines run as written; only the folder the user names
/// (<c>~/eddy-packages</c>) becomes a temporary one.
/// </summary>
[Collection(SdkBuildCollection.Name)]
public partial class ReadmeInstallTests
{
    private const string UserFolder = "~/eddy-packages";

    private static readonly string[] s_packages = ["Eddy", "Eddy.Extensions.DependencyInjection", "Eddy.Extensions.ObjectPool", "Eddy.AspNetCore"];

    private static readonly TimeSpan s_timeout = TimeSpan.FromMinutes(10);

    [Fact]
    public void The_install_lines_pack_every_package_and_add_each_to_a_new_console_app_that_runs_the_quick_start()
    {
        string readme = File.ReadAllText(RepositoryRoot.Combine("README.md"));
        List<string> lines = Section(readme, "## Install").SelectMany(ShellLines).ToList();
        string pack = Assert.Single(lines, l => l.StartsWith("dotnet pack ", StringComparison.Ordinal));
        Assert.Contains(UserFolder, pack, StringComparison.Ordinal);
        Assert.Equal(s_packages.Select(p => "dotnet add package " + p), lines.Where(l => l.StartsWith("dotnet add package ", StringComparison.Ordinal)));
        Assert.All(lines, l => Assert.StartsWith("dotnet ", l, StringComparison.Ordinal));

        string work = Path.Combine(Path.GetTempPath(), "eddy-readme-" + Guid.NewGuid().ToString("N"));
        string folder = Path.Combine(work, "eddy-packages");
        string app = Path.Combine(work, "MyApp");
        Directory.CreateDirectory(app);

        // A fresh package cache: Eddy 0.1.0 cached by an earlier run must not stand in for the one just packed, and
        // the user's cache is left alone. The BCL packages come from the machine's configured feed.
        var freshCache = new Dictionary<string, string> { ["NUGET_PACKAGES"] = Path.Combine(work, "nuget-packages") };
        try
        {
            ProcessResult packed = DotnetCli.Run(RepositoryRoot.Path, s_timeout, Arguments(pack, folder));
            Assert.True(packed.ExitCode == 0, $"{pack}\n{packed}");
            Assert.Equal(
                s_packages.Select(p => p + ".0.1.0.nupkg").Order(StringComparer.Ordinal),
                Directory.GetFiles(folder, "*.nupkg").Select(Path.GetFileName).Order(StringComparer.Ordinal));

            ProcessResult created = DotnetCli.Run(app, s_timeout, freshCache, "new", "console");
            Assert.True(created.ExitCode == 0, created.ToString());
            foreach (string line in lines.Where(l => l != pack))
            {
                ProcessResult result = DotnetCli.Run(app, s_timeout, freshCache, Arguments(line, folder));
                Assert.True(result.ExitCode == 0, $"{line}\n{result}");
            }

            File.WriteAllText(Path.Combine(app, "Program.cs"), QuickStart(readme));
            ProcessResult ran = DotnetCli.Run(app, s_timeout, freshCache, "run");
            Assert.True(ran.ExitCode == 0, ran.ToString());
            Assert.Contains("{\"answer\":42}", ran.Output, StringComparison.Ordinal);
            Assert.Contains("temperature: 23.2 C", ran.Output, StringComparison.Ordinal);
        }
        finally
        {
            try
            {
                Directory.Delete(work, recursive: true);
            }
            catch (IOException)
            {
                // A temp folder left behind is harmless.
            }
        }
    }

    // The line as the shell would split it (the Install lines quote nothing), with the user's folder replaced.
    private static string[] Arguments(string line, string folder) =>
        line.Split(' ', StringSplitOptions.RemoveEmptyEntries).Skip(1).Select(a => a == UserFolder ? folder : a).ToArray();

    private static IEnumerable<string> Section(string markdown, string heading)
    {
        int start = markdown.IndexOf("\n" + heading + "\n", StringComparison.Ordinal);
        Assert.True(start >= 0, $"README has no {heading} section");
        int end = markdown.IndexOf("\n## ", start + heading.Length + 2, StringComparison.Ordinal);
        string section = markdown[start..(end < 0 ? markdown.Length : end)];
        return Block().Matches(section).Where(m => m.Groups["lang"].Value == "bash").Select(m => m.Groups["code"].Value);
    }

    // Commands without their trailing comments.
    private static IEnumerable<string> ShellLines(string block) =>
        block.Split('\n').Select(l => Regex.Replace(l, @"\s+#.*$", string.Empty).Trim()).Where(l => l.Length > 0);

    private static string QuickStart(string readme)
    {
        int start = readme.IndexOf("\n## Quick start\n", StringComparison.Ordinal);
        Match block = Block().Match(readme, start);
        Assert.True(block.Success && block.Groups["lang"].Value == "csharp", "README's quick start has no C# block");
        return block.Groups["code"].Value;
    }

    [GeneratedRegex(@"^```(?<lang>\w+)[^\n]*\n(?<code>.*?)^```", RegexOptions.Multiline | RegexOptions.Singleline)]
    private static partial Regex Block();
}

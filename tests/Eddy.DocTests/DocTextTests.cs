using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;

namespace Eddy.DocTests;

/// <summary>
/// README.md and docs/*.md read as a newcomer reads them: what Eddy does now, not the project's lab notebook (no run
/// numbers, no notes on what a package feed serves, no processor models, no history), and every relative link and
/// anchor leads somewhere. docs/dependencies.md, the survey of what restores here, is out of scope; the benchmark
/// page and the ASP.NET Core page may each name their machine on one "Measured on" line.
/// </summary>
public partial class DocTextTests
{
    private static readonly string[] s_machinePages = ["docs/benchmarks.md", "docs/aspnetcore.md"];

    // docs/migration.md is being rewritten with the API review's names; it joins the check when that lands.
        public static TheoryData<string> Pages() => new(PageFiles());

    [Theory]
    [MemberData(nameof(Pages))]
    public void A_page_holds_no_lab_notebook(string page)
    {
        string[] lines = Read(page);
        var hits = new List<string>();
        int machineLines = 0;
        for (int i = 0; i < lines.Length; i++)
        {
            if (s_machinePages.Contains(page) && lines[i].Contains("Measured on", StringComparison.Ordinal))
            {
                machineLines++;
                continue;
            }

            hits.AddRange(Notebook().Matches(lines[i]).Select(m => $"{page}:{i + 1}: '{m.Value}'"));
        }

        Assert.True(machineLines <= 1, $"{page}: {machineLines} \"Measured on\" lines; one names the machine");
        Assert.True(hits.Count == 0, $"{hits.Count} notebook phrases (run numbers, what a feed serves, processor models, history):\n" + string.Join('\n', hits));
    }

    [Theory]
    [MemberData(nameof(Pages))]
    public void Every_relative_link_and_anchor_resolves(string page)
    {
        string directory = Path.GetDirectoryName(Path.Combine(RepositoryRoot.Path, page))!;
        var broken = new List<string>();
        foreach ((int line, string target) in Links(Read(page)))
        {
            if (Uri.TryCreate(target, UriKind.Absolute, out Uri? absolute) && absolute.Scheme is "http" or "https" or "mailto")
            {
                continue;
            }

            string[] parts = target.Split('#', 2);
            string file = parts[0].Length == 0 ? Path.Combine(RepositoryRoot.Path, page) : Path.GetFullPath(Path.Combine(directory, Uri.UnescapeDataString(parts[0])));
            if (!File.Exists(file) && !Directory.Exists(file))
            {
                broken.Add($"{page}:{line}: {target} (no such file)");
            }
            else if (parts.Length == 2 && !(File.Exists(file) && file.EndsWith(".md", StringComparison.Ordinal) && Anchors(File.ReadAllLines(file)).Contains(parts[1])))
            {
                broken.Add($"{page}:{line}: {target} (no such heading)");
            }
        }

        Assert.True(broken.Count == 0, "links that lead nowhere:\n" + string.Join('\n', broken));
    }

    [Theory]
    [InlineData("quick run 97 of docs/benchmarks.md", "run 97")]
    [InlineData("0.13× in Run 98", "Run 98")]
    [InlineData("in runs 77-79", "runs 77")]
    [InlineData("its runtime pack is not served here", "not served")]
    [InlineData("a 2-core AMD EPYC (Zen 5, family 26 model 2) VM", "EPYC")]
    [InlineData("on an Intel Xeon", "Xeon")]
    [InlineData("Eddy's stream object, 72 bytes before, is now 56", "before, is now")]
    [InlineData("the pair took 1.51 µs before", "1.51 µs before")]
    [InlineData("as issue 48 found", "issue 48")]
    public void The_notebook_pattern_finds_what_it_should(string text, string found) =>
        Assert.Equal(found, Notebook().Match(text).Value);

    [Theory]
    [InlineData("dotnet run -c Release --project bench/Eddy.Benchmarks")]
    [InlineData("the GC runs a Gen2 collection")]
    [InlineData("Measured on the machine in docs/benchmarks.md")]
    [InlineData("loads the next 256 bytes before it stores the current 256")]
    public void The_notebook_pattern_leaves_prose_alone(string text) => Assert.False(Notebook().IsMatch(text), text);

    [Fact]
    public void Anchors_follow_GitHub_headings()
    {
        HashSet<string> anchors = Anchors(["# Eddy", "## Which type do I use?", "### `PooledMemoryStream`, Auto mode", "## Usage", "## Usage", "```text", "# not a heading", "```"]);

        Assert.Equal(new HashSet<string> { "eddy", "which-type-do-i-use", "pooledmemorystream-auto-mode", "usage", "usage-1" }, anchors);
    }

    private static IEnumerable<string> PageFiles() =>
        new[] { "README.md" }.Concat(Directory.GetFiles(RepositoryRoot.Combine("docs"), "*.md")
            .Select(path => "docs/" + Path.GetFileName(path))
            .Where(page => page != "docs/dependencies.md")
            .Order(StringComparer.Ordinal));

    private static string[] Read(string page) => File.ReadAllLines(Path.Combine(RepositoryRoot.Path, page));

    // Inline links and images outside code blocks and code spans: [text](target) and ![alt](target).
    private static IEnumerable<(int Line, string Target)> Links(string[] lines)
    {
        bool inCode = false;
        for (int i = 0; i < lines.Length; i++)
        {
            if (lines[i].TrimStart().StartsWith("```", StringComparison.Ordinal))
            {
                inCode = !inCode;
                continue;
            }

            if (inCode)
            {
                continue;
            }

            string text = CodeSpan().Replace(lines[i], string.Empty);
            foreach (Match link in Link().Matches(text))
            {
                yield return (i + 1, link.Groups["target"].Value);
            }
        }
    }

    // GitHub's heading anchors: lower case, punctuation other than '-' and '_' dropped, spaces to '-', repeats numbered.
    private static HashSet<string> Anchors(string[] lines)
    {
        var anchors = new HashSet<string>(StringComparer.Ordinal);
        bool inCode = false;
        foreach (string line in lines)
        {
            if (line.TrimStart().StartsWith("```", StringComparison.Ordinal))
            {
                inCode = !inCode;
                continue;
            }

            Match heading = Heading().Match(line);
            if (inCode || !heading.Success)
            {
                continue;
            }

            var slug = new StringBuilder();
            foreach (char c in heading.Groups["title"].Value.Trim().ToLowerInvariant())
            {
                if (char.IsLetterOrDigit(c) || c is '-' or '_')
                {
                    slug.Append(c);
                }
                else if (c == ' ')
                {
                    slug.Append('-');
                }
            }

            string anchor = slug.ToString();
            for (int n = 1; !anchors.Add(anchor); n++)
            {
                anchor = slug + "-" + n;
            }
        }

        return anchors;
    }

    [GeneratedRegex(@"\b[Rr]uns? \d+|\bserved\b|\bnot served\b|\bZen\b|EPYC|Xeon|Ryzen|\bfamily \d+ model \d+|\b\d[\d.,]* ?(?:ns|µs|ms) before\b|\bbefore, (?:is )?now\b|\bwas \d[\d.,]* ?(?:bytes|B|KiB|MiB|ns|µs|ms)\b|\bbefore this change\b|\bissue \d+", RegexOptions.IgnoreCase)]
    private static partial Regex Notebook();

    [GeneratedRegex(@"!?\[[^\]]*\]\((?<target>[^)\s]+)(?:\s+""[^""]*"")?\)")]
    private static partial Regex Link();

    [GeneratedRegex(@"`[^`]*`")]
    private static partial Regex CodeSpan();

    [GeneratedRegex(@"^#{1,6}\s+(?<title>.+?)\s*#*\s*$")]
    private static partial Regex Heading();
}

using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text.RegularExpressions;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;
using Eddy.Benchmarks.Harness;

namespace Eddy.Benchmarks.Tests;

/// <summary>
/// The <c>--filter</c> patterns in the shell blocks of README.md and docs/*.md name benchmark cases that exist: every
/// pattern, with the shell loops around it expanded, selects at least one case of the full parameter lists.
/// </summary>
[Collection(BenchmarkModeCollection.Name)]
public class DocumentedFilterTests
{
    // Compiled only into builds with EddyRivalsDirectory set (docs/benchmarks.md, "Rivals that are not here").
    private static readonly string[] s_rivalMethods = ["K4osResizing", "K4osChunked", "PooledStream"];

    [Fact]
    public void Every_documented_filter_pattern_selects_a_benchmark_case()
    {
        List<BenchmarkCase> cases = AllCases();
        var patterns = DocumentedPatterns().ToList();
        var unmatched = patterns
            .Where(p => !IsRivalOnly(p.Pattern))
            .Where(p => !cases.Any(new GlobFilter([p.Pattern]).Predicate))
            .Select(p => $"{p.File}: {p.Pattern}")
            .ToList();

        // A reader that found no pattern would pass; the docs hold several (docs/benchmarks.md's and docs/binary.md's).
        Assert.True(patterns.Count >= 5, $"only {patterns.Count} filter patterns found in the docs' shell blocks");
        Assert.True(unmatched.Count == 0, "filter patterns that select no benchmark case: " + string.Join("; ", unmatched));
    }

    [Fact]
    public void Every_documented_category_names_a_category_of_some_benchmark_case()
    {
        var categories = AllCases().SelectMany(c => c.Descriptor.Categories).ToHashSet(StringComparer.Ordinal);
        var documented = DocumentedFiles()
            .SelectMany(file => ShellBlocks(File.ReadAllText(file)))
            .SelectMany(block => Regex.Matches(block, @"--(?:any|all)Categories((?:[ \t]+[\w-]+)+)"))
            .SelectMany(m => m.Groups[1].Value.Split((char[])[' ', '\t', '\n'], StringSplitOptions.RemoveEmptyEntries))
            .ToList();

        Assert.Contains("k4os", documented);
        Assert.Contains(WorkloadAttribute.Category, documented);
        Assert.All(documented, category => Assert.Contains(category, categories));
    }

    [Theory]
    [InlineData("for m in A B; do P+=(\"*XBenchmarks.$m(Bytes: 1)\"); done", new[] { "*XBenchmarks.A(Bytes: 1)", "*XBenchmarks.B(Bytes: 1)" })]
    [InlineData("for c in XBenchmarks Y; do for m in A; do F=\"$F *$c.$m\"; done; done", new[] { "*XBenchmarks.A", "*Y.A" })]
    [InlineData("dotnet run -- --filter '*PoolBenchmarks*' --job Dry", new[] { "*PoolBenchmarks*" })]
    [InlineData("ls docs/*.md", new string[0])]
    public void Patterns_are_read_with_their_loops_expanded(string block, string[] expected)
    {
        Assert.Equal(expected, PatternsIn(block).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void A_parameter_value_outside_the_full_list_selects_nothing()
    {
        List<BenchmarkCase> cases = AllCases();

        Assert.Contains(cases, new GlobFilter(["*StreamWriteReadBenchmarks.Eddy(Bytes: 128)"]).Predicate);
        Assert.DoesNotContain(cases, new GlobFilter(["*StreamWriteReadBenchmarks.Eddy(Bytes: 129)"]).Predicate);
    }

    private static bool IsRivalOnly(string pattern) =>
        s_rivalMethods.Any(m => pattern.Contains("." + m, StringComparison.Ordinal));

    /// <summary>Every case of every benchmark class, with the full parameter lists.</summary>
    private static List<BenchmarkCase> AllCases()
    {
        bool quick = BenchmarkMode.Quick;
        BenchmarkMode.Quick = false;
        try
        {
            return typeof(WorkloadCatalog).Assembly.GetTypes()
                .Where(t => t is { IsClass: true, IsAbstract: false } && t.GetMethods().Any(m => m.IsDefined(typeof(BenchmarkAttribute))))
                .SelectMany(t => BenchmarkConverter.TypeToBenchmarks(t, DefaultConfig.Instance).BenchmarksCases)
                .ToList();
        }
        finally
        {
            BenchmarkMode.Quick = quick;
        }
    }

    private static IEnumerable<(string File, string Pattern)> DocumentedPatterns()
    {
        foreach (string file in DocumentedFiles())
        {
            foreach (string block in ShellBlocks(File.ReadAllText(file)))
            {
                foreach (string pattern in PatternsIn(block))
                {
                    yield return (Path.GetFileName(file), pattern);
                }
            }
        }
    }

    private static IEnumerable<string> DocumentedFiles() =>
        new[] { Path.Combine(RepositoryPaths.Root, "README.md") }.Concat(Directory.GetFiles(Path.Combine(RepositoryPaths.Root, "docs"), "*.md"));

    /// <summary>The bodies of the <c>```bash</c> blocks, indented ones (inside a list item) included.</summary>
    private static IEnumerable<string> ShellBlocks(string markdown)
    {
        foreach (Match block in Regex.Matches(markdown, @"^[ \t]*```bash[ \t]*\n(.*?)^[ \t]*```", RegexOptions.Singleline | RegexOptions.Multiline))
        {
            yield return block.Groups[1].Value;
        }
    }

    /// <summary>
    /// The glob patterns (a <c>*</c> then a name, with an optional parameter list) on the lines of
    /// <paramref name="block"/> that name a benchmark class, pass <c>--filter</c> or build a pattern from a shell variable, each shell loop variable in them
    /// replaced by every value of its <c>for ... in ...; do</c> list.
    /// </summary>
    internal static IEnumerable<string> PatternsIn(string block)
    {
        var loops = Regex.Matches(block, @"for (\w+) in ([^;]+); do")
            .ToDictionary(m => m.Groups[1].Value, m => m.Groups[2].Value.Split(' ', StringSplitOptions.RemoveEmptyEntries));
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (string line in block.Split('\n').Where(l => l.Contains("Benchmarks", StringComparison.Ordinal) || l.Contains("--filter", StringComparison.Ordinal) || l.Contains("*$", StringComparison.Ordinal)))
        {
            foreach (Match token in Regex.Matches(line, @"\*[\w$.]+(?:\([^)]*\))?\*?"))
            {
                foreach (string pattern in Expand(token.Value, loops))
                {
                    if (seen.Add(pattern))
                    {
                        yield return pattern;
                    }
                }
            }
        }
    }

    private static IEnumerable<string> Expand(string pattern, Dictionary<string, string[]> loops)
    {
        Match variable = Regex.Match(pattern, @"\$(\w+)");
        if (!variable.Success)
        {
            return [pattern];
        }

        // A variable without a loop (such as $F) is left as it is, and the pattern then selects nothing.
        if (!loops.TryGetValue(variable.Groups[1].Value, out string[]? values))
        {
            return [pattern];
        }

        return values.SelectMany(value => Expand(pattern.Remove(variable.Index, variable.Length).Insert(variable.Index, value), loops));
    }
}

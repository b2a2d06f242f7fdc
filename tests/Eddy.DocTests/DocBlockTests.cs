using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Eddy.DocTests;

/// <summary>
/// Every code block of README.md and docs/*.md: C# blocks are compiled against the built Eddy assemblies and, unless
/// marked partial, run, with the claims in their comments checked (see <see cref="Claims"/>); other blocks must
/// name their language.
/// </summary>
public class DocBlockTests
{
    private static readonly string[] s_languages = ["csharp", "bash", "text", "xml", "json"];

    private static readonly Lazy<IReadOnlyList<MarkdownBlock>> s_blocks = new(() => MarkdownBlock.ReadAll(RepositoryRoot.Path));

    /// <summary>The matrix: every C# block, once per build it promises to compile for (see
    /// <see cref="SnippetCompiler.TargetsOf"/>).</summary>
    public static TheoryData<string, string> CSharpBlocks()
    {
        var data = new TheoryData<string, string>();
        foreach (MarkdownBlock block in s_blocks.Value.Where(b => b.IsCSharp))
        {
            foreach (DocTarget target in SnippetCompiler.TargetsOf(block))
            {
                data.Add(block.Id, target.ToString());
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(CSharpBlocks))]
    public async Task Block_compiles_and_runs_to_its_end_doing_what_its_comments_say(string id, string build)
    {
        MarkdownBlock block = s_blocks.Value.Single(b => b.Id == id);
        DocTarget target = DocTarget.Parse(build);

        CSharpCompilation compilation = SnippetCompiler.Compile(block, target, out int claims);
        string errors = SnippetCompiler.Errors(compilation);
        Assert.True(errors.Length == 0, $"{id} does not compile for {build}:\n{errors}");

        // netstandard2.1 blocks run through their net8.0 and net10.0 builds; a reference assembly does not run.
        if (block.IsPartial || target.Framework == DocFramework.NetStandard21)
        {
            return;
        }

        // An exception out of the block fails the test here: copied into a console app, it would end the program.
        DocRun run = await SnippetCompiler.RunAsync(compilation, TimeSpan.FromSeconds(60));
        Assert.True(run.Failure is null, $"{id} ({build}): {run.Failure}\nOutput:\n{run.Output}");
        Assert.True(run.Checks == claims, $"{id} ({build}): {claims} claims in the comments, {run.Checks} checked while it ran. Output:\n{run.Output}");
        var unprinted = run.ThrownMessages.Where(m => !run.Output.Contains(m, StringComparison.Ordinal)).ToList();
        Assert.True(unprinted.Count == 0, $"{id} ({build}): a block that shows a throw catches it and prints its message; not printed: "
            + string.Join(" | ", unprinted) + $"\nOutput:\n{run.Output}");
    }

    [Fact]
    public void Every_block_names_its_language()
    {
        var unnamed = s_blocks.Value.Where(b => !s_languages.Contains(b.Language)).Select(b => $"{b.Id} '{b.Language}'").ToList();

        Assert.True(unnamed.Count == 0, "blocks without a known language (one of " + string.Join(", ", s_languages) + "): " + string.Join(", ", unnamed));
    }

    [Fact]
    public void CSharp_blocks_use_only_the_known_flags_and_only_partial_ones_have_a_context()
    {
        foreach (MarkdownBlock block in s_blocks.Value.Where(b => b.IsCSharp))
        {
            Assert.All(block.Flags, flag => Assert.True(
                flag is "partial" or "netstandard2.1" or "net10.0" || flag.StartsWith("lang=", StringComparison.Ordinal),
                $"{block.Id}: unknown flag '{flag}'"));
            Assert.True(!block.HasFlag("netstandard2.1") || SnippetCompiler.LanguageOf(block) == LanguageVersion.CSharp9,
                $"{block.Id}: a netstandard2.1 block promises Unity's C# 9: mark it lang=9");
            Assert.True(block.HasFlag("net10.0") || SnippetCompiler.LanguageOf(block) <= LanguageVersion.CSharp12,
                $"{block.Id}: a block for .NET 8 compiles with C# 12 or lower; mark it net10.0 if it needs more");
            Assert.True(block.Context is null || block.IsPartial, $"{block.Id}: a block that runs must stand on its own (no doc-context)");
        }
    }

    [Fact]
    public void Paths_in_shell_blocks_exist()
    {
        var missing = new List<string>();
        int seen = 0;
        foreach (MarkdownBlock block in s_blocks.Value.Where(b => b.Language == "bash"))
        {
            foreach (System.Text.RegularExpressions.Match path in System.Text.RegularExpressions.Regex.Matches(block.Code, @"(?<![\w/.-])(?:src|samples|tests|bench|docs)/[\w./{},-]*[\w}]"))
            {
                seen++;

                // Build outputs exist only after a build in that configuration.
                if (!path.Value.Contains("/bin/", StringComparison.Ordinal)
                    && !System.IO.File.Exists(System.IO.Path.Combine(RepositoryRoot.Path, path.Value))
                    && !System.IO.Directory.Exists(System.IO.Path.Combine(RepositoryRoot.Path, path.Value)))
                {
                    missing.Add($"{block.Id}: {path.Value}");
                }
            }
        }

        Assert.True(seen >= 5, $"only {seen} paths found in shell blocks: is the pattern still right?");
        Assert.True(missing.Count == 0, "paths named in shell blocks that do not exist: " + string.Join(", ", missing));
    }

    [Fact]
    public void The_docs_hold_the_blocks_the_tests_expect()
    {
        var csharp = s_blocks.Value.Where(b => b.IsCSharp).ToList();

        // A parser that silently found nothing would pass every other test.
        Assert.True(csharp.Count >= 10, $"only {csharp.Count} C# blocks found");
        Assert.Contains(csharp, b => b.File == "README.md" && !b.IsPartial);
        Assert.True(csharp.Count(b => !b.IsPartial) > csharp.Count(b => b.IsPartial), "most blocks should run, not only compile");
    }

    [Fact]
    public void The_shift_operators_compile_with_CSharp_9_as_the_docs_say()
    {
        MarkdownBlock chain = s_blocks.Value.First(b => b.File == "docs/usage.md" && b.IsCSharp && b.Code.Contains(" << ", StringComparison.Ordinal)
            && SnippetCompiler.LanguageOf(b) == LanguageVersion.CSharp9);
        CSharpCompilation compilation = SnippetCompiler.Compile(chain, new DocTarget(DocFramework.NetStandard21, LanguageVersion.CSharp9), out _);

        Assert.Equal(LanguageVersion.CSharp9, ((CSharpParseOptions)compilation.SyntaxTrees[0].Options).LanguageVersion);
        Assert.Empty(SnippetCompiler.Errors(compilation));
    }
}

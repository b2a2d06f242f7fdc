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

    public static TheoryData<string> CSharpBlocks() => new(s_blocks.Value.Where(b => b.IsCSharp).Select(b => b.Id));

    [Theory]
    [MemberData(nameof(CSharpBlocks))]
    public async Task Block_compiles_and_does_what_its_comments_say(string id)
    {
        MarkdownBlock block = s_blocks.Value.Single(b => b.Id == id);

        CSharpCompilation compilation = SnippetCompiler.Compile(block, netStandard: false, out int claims);
        string errors = SnippetCompiler.Errors(compilation);
        Assert.True(errors.Length == 0, $"{id} does not compile:\n{errors}");

        if (block.HasFlag("netstandard2.1"))
        {
            string unity = SnippetCompiler.Errors(SnippetCompiler.Compile(block, netStandard: true, out _));
            Assert.True(unity.Length == 0, $"{id} does not compile against Eddy's netstandard2.1 build:\n{unity}");
        }

        if (block.IsPartial)
        {
            return;
        }

        (string output, int checks) = await SnippetCompiler.RunAsync(compilation, TimeSpan.FromSeconds(60));
        Assert.True(checks == claims, $"{id}: {claims} claims in the comments, {checks} checked while it ran. Output:\n{output}");
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
                flag is "partial" or "netstandard2.1" || flag.StartsWith("lang=", StringComparison.Ordinal),
                $"{block.Id}: unknown flag '{flag}'"));
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
    public void The_shift_operators_compile_with_CSharp_9_as_the_README_says()
    {
        MarkdownBlock chain = s_blocks.Value.First(b => b.File == "README.md" && b.IsCSharp && b.Code.Contains(" << ", StringComparison.Ordinal)
            && SnippetCompiler.LanguageOf(b) == LanguageVersion.CSharp9);
        CSharpCompilation compilation = SnippetCompiler.Compile(chain, netStandard: true, out _);

        Assert.Equal(LanguageVersion.CSharp9, ((CSharpParseOptions)compilation.SyntaxTrees[0].Options).LanguageVersion);
        Assert.Empty(SnippetCompiler.Errors(compilation));
    }
}

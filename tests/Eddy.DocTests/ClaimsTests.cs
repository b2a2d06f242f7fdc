using System;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;

namespace Eddy.DocTests;

/// <summary>The harness itself: which comments become checks, and how blocks are read from markdown.</summary>
public class ClaimsTests
{
    private static readonly CSharpParseOptions s_options = new(LanguageVersion.CSharp14);

    private static readonly DocTarget s_net10 = new(DocFramework.Net10, LanguageVersion.Latest.MapSpecifiedToEffectiveVersion());

    private static MarkdownBlock Block(string code) => MarkdownBlock.Parse("doc.md", "```csharp\n" + code + "\n```").Single();

    [Fact]
    public void A_constant_comment_after_a_declaration_becomes_a_check_on_the_same_line()
    {
        string code = "int a = 1 + 1;   // 2\nstring s = \"x\"; // \"x\"\nvar m = PooledMemoryStreamMode.Auto; // PooledMemoryStreamMode.Auto";

        string checkedCode = Claims.Insert(code, "doc.md", 10, s_options, out int count);

        Assert.Equal(3, count);
        string[] lines = checkedCode.Split('\n');
        Assert.Equal(3, lines.Length);
        Assert.Contains("DocCheck.Claim(a, 2, \"doc.md:10\");", lines[0], StringComparison.Ordinal);
        Assert.Contains("DocCheck.Claim(s, \"x\", \"doc.md:11\");", lines[1], StringComparison.Ordinal);
        Assert.Contains("DocCheck.Claim(m, PooledMemoryStreamMode.Auto, \"doc.md:12\");", lines[2], StringComparison.Ordinal);
    }

    [Fact]
    public void An_assignment_is_checked_like_a_declaration()
    {
        string checkedCode = Claims.Insert("int a;\na = 3; // 3", "doc.md", 1, s_options, out int count);

        Assert.Equal(1, count);
        Assert.Contains("DocCheck.Claim(a, 3, \"doc.md:2\");", checkedCode, StringComparison.Ordinal);
    }

    [Fact]
    public void A_throws_comment_checks_the_statement_without_catching_what_it_throws()
    {
        string checkedCode = Claims.Insert("x.Dispose(); // throws InvalidOperationException: twice\nawait y.RunAsync(); // throws IOException", "doc.md", 1, s_options, out int count);

        Assert.Equal(2, count);
        Assert.Contains("try { x.Dispose(); DocCheck.NotThrown(\"InvalidOperationException\", \"doc.md:1\"); } catch (System.Exception docException) when (DocCheck.Thrown<InvalidOperationException>(docException, \"doc.md:1\")) { throw; }", checkedCode, StringComparison.Ordinal);
        Assert.Contains("try { await y.RunAsync(); DocCheck.NotThrown(\"IOException\", \"doc.md:2\"); }", checkedCode, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_block_that_lets_a_claimed_throw_escape_fails_as_a_console_app_would()
    {
        MarkdownBlock block = Block("""
            using System;
            Console.WriteLine("start");
            throw new InvalidOperationException("boom"); // throws InvalidOperationException
            """);

        CSharpCompilation compilation = SnippetCompiler.Compile(block, s_net10, out _);

        await Assert.ThrowsAsync<InvalidOperationException>(() => SnippetCompiler.RunAsync(compilation, TimeSpan.FromSeconds(10)));
    }

    [Fact]
    public async Task A_block_that_catches_a_claimed_throw_reports_its_message_for_the_output_check()
    {
        MarkdownBlock block = Block("""
            using System;
            try
            {
                int.Parse("x"); // throws FormatException
            }
            catch (FormatException e)
            {
                Console.WriteLine(e.Message);
            }
            Console.WriteLine("end");
            """);

        DocRun run = await SnippetCompiler.RunAsync(SnippetCompiler.Compile(block, s_net10, out int claims), TimeSpan.FromSeconds(10));

        Assert.Equal((1, 1, (string?)null), (claims, run.Checks, run.Failure));
        string message = Assert.Single(run.ThrownMessages);
        Assert.Contains(message, run.Output, StringComparison.Ordinal);
        Assert.EndsWith("end" + Environment.NewLine, run.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_claimed_throw_that_does_not_happen_is_a_failure_even_under_a_catch_all()
    {
        MarkdownBlock block = Block("""
            using System;
            try
            {
                int.Parse("1"); // throws FormatException
            }
            catch (Exception e)
            {
                Console.WriteLine(e.Message);
            }
            """);

        DocRun run = await SnippetCompiler.RunAsync(SnippetCompiler.Compile(block, s_net10, out _), TimeSpan.FromSeconds(10));

        Assert.Equal((0, "doc.md:5: the comment claims it throws FormatException, but it did not."), (run.Checks, run.Failure));
    }

    [Fact]
    public void A_ref_struct_local_in_async_top_level_code_fails_the_net8_build_with_CSharp_12_only()
    {
        MarkdownBlock block = Block("""
            using System;
            using System.Threading.Tasks;
            await Task.Yield();
            ReadOnlySpan<byte> bytes = new byte[] { 1 };
            Console.WriteLine(bytes.Length);
            """);
        var targets = SnippetCompiler.TargetsOf(block).ToList();

        Assert.Equal([s_net10, new DocTarget(DocFramework.Net8, LanguageVersion.CSharp12)], targets);
        Assert.Contains("CS9202", SnippetCompiler.Errors(SnippetCompiler.Compile(block, targets[1], out _)), StringComparison.Ordinal);
        Assert.Empty(SnippetCompiler.Errors(SnippetCompiler.Compile(block, targets[0], out _)));
    }

    [Theory]
    [InlineData("using var s = new PooledMemoryStream(); // nothing rented yet")]
    [InlineData("int n = 5; // bytes")]
    [InlineData("s.Write(x); // Stream API, MemoryStream semantics")]
    [InlineData("// 42 on a line of its own")]
    [InlineData("int n = F(); // F() calls are not constants")]
    public void Prose_is_left_alone(string code)
    {
        Assert.Equal(code, Claims.Insert(code, "doc.md", 1, s_options, out int count));
        Assert.Equal(0, count);
    }

    [Fact]
    public void A_constant_comment_on_a_statement_that_sets_nothing_is_an_error()
    {
        var error = Assert.Throws<FormatException>(() => Claims.Insert("s.Advance(n); // 2", "doc.md", 7, s_options, out _));

        Assert.StartsWith("doc.md:7:", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Blocks_are_read_with_their_language_flags_indentation_and_context()
    {
        string markdown = string.Join('\n',
            "text",
            "<!-- doc-context",
            "class C {",
            "{{block}}",
            "}",
            "-->",
            "```csharp partial",
            "void M() { }",
            "```",
            "- item:",
            "  ```bash",
            "  dotnet test",
            "  ```",
            "````text",
            "```",
            "````");

        var blocks = MarkdownBlock.Parse("doc.md", markdown).ToList();

        Assert.Equal(3, blocks.Count);
        Assert.Equal(("csharp", 7, true), (blocks[0].Language, blocks[0].FenceLine, blocks[0].IsPartial));
        Assert.Equal("class C {\n{{block}}\n}", blocks[0].Context);
        Assert.Equal("void M() { }", blocks[0].Code);
        Assert.Equal(("bash", "dotnet test", (string?)null), (blocks[1].Language, blocks[1].Code, blocks[1].Context));
        Assert.Equal(("text", "```"), (blocks[2].Language, blocks[2].Code));
    }
}

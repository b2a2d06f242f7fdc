using System;
using System.Linq;
using Microsoft.CodeAnalysis.CSharp;

namespace Eddy.DocTests;

/// <summary>The harness itself: which comments become checks, and how blocks are read from markdown.</summary>
public class ClaimsTests
{
    private static readonly CSharpParseOptions s_options = new(LanguageVersion.CSharp14);

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
    public void A_throws_comment_wraps_the_statement()
    {
        string checkedCode = Claims.Insert("x.Dispose(); // throws InvalidOperationException: twice\nawait y.RunAsync(); // throws IOException", "doc.md", 1, s_options, out int count);

        Assert.Equal(2, count);
        Assert.Contains("DocCheck.Throws<InvalidOperationException>(() => { x.Dispose(); }, \"doc.md:1\");", checkedCode, StringComparison.Ordinal);
        Assert.Contains("await DocCheck.ThrowsAsync<IOException>(async () => { await y.RunAsync(); }, \"doc.md:2\");", checkedCode, StringComparison.Ordinal);
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

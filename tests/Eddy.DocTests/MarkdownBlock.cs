using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace Eddy.DocTests;

/// <summary>
/// One fenced code block of a markdown file. The fence's info string is the language and then flags:
/// <c>```csharp</c> is a complete program that is compiled and run; <c>```csharp partial</c> is compiled only,
/// inside the C# of an HTML comment <c>&lt;!-- doc-context ... --&gt;</c> right above the fence, whose line
/// <c>{{block}}</c> stands for the block; <c>lang=9</c> compiles with C# 9 (and, with <c>netstandard2.1</c>,
/// also against Eddy's netstandard2.1 build, as Unity sees it).
/// </summary>
public sealed partial class MarkdownBlock
{
    private MarkdownBlock(string file, int fenceLine, string language, IReadOnlyList<string> flags, string code, string? context)
    {
        File = file;
        FenceLine = fenceLine;
        Language = language;
        Flags = flags;
        Code = code;
        Context = context;
    }

    /// <summary>The markdown file, relative to the repository root, with forward slashes.</summary>
    public string File { get; }

    /// <summary>The 1-based line of the opening fence; the code starts on the next line.</summary>
    public int FenceLine { get; }

    public string Language { get; }

    public IReadOnlyList<string> Flags { get; }

    /// <summary>The block's text, its fence indentation removed, lines joined with '\n'.</summary>
    public string Code { get; }

    /// <summary>The C# of the doc-context comment above the fence, if any.</summary>
    public string? Context { get; }

    /// <summary>"README.md:79", what the tests are named by.</summary>
    public string Id => File + ":" + FenceLine;

    public bool IsCSharp => Language == "csharp";

    public bool IsPartial => Flags.Contains("partial");

    public bool HasFlag(string flag) => Flags.Contains(flag);

    /// <summary>Every markdown file the tests cover: README.md, docs/*.md, samples/README.md and the
    /// Eddy and dependency-injection packages' READMEs.</summary>
    public static IEnumerable<string> DocumentFiles(string root) =>
        new[] { Path.Combine(root, "README.md") }
            .Concat(Directory.GetFiles(Path.Combine(root, "docs"), "*.md").Order(StringComparer.Ordinal))
            .Append(Path.Combine(root, "samples", "README.md"))
            .Append(Path.Combine(root, "src", "Eddy", "README.md"))
            .Append(Path.Combine(root, "src", "Eddy.Extensions.DependencyInjection", "README.md"));

    public static IReadOnlyList<MarkdownBlock> ReadAll(string root) =>
        DocumentFiles(root).SelectMany(path => Parse(Path.GetRelativePath(root, path).Replace('\\', '/'), System.IO.File.ReadAllText(path))).ToList();

    public static IEnumerable<MarkdownBlock> Parse(string file, string markdown)
    {
        string[] lines = markdown.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        for (int i = 0; i < lines.Length; i++)
        {
            Match open = Fence().Match(lines[i]);
            if (!open.Success)
            {
                continue;
            }

            int indent = open.Groups["indent"].Length;
            string marker = open.Groups["marker"].Value;
            string[] info = open.Groups["info"].Value.Split(' ', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
            var body = new List<string>();
            int close = i + 1;
            for (; close < lines.Length; close++)
            {
                Match end = Fence().Match(lines[close]);
                if (end.Success && end.Groups["marker"].Value.StartsWith(marker, StringComparison.Ordinal) && end.Groups["info"].Length == 0)
                {
                    break;
                }

                string line = lines[close];
                int strip = 0;
                while (strip < indent && strip < line.Length && line[strip] == ' ')
                {
                    strip++;
                }

                body.Add(line[strip..]);
            }

            if (close == lines.Length)
            {
                throw new FormatException($"{file}:{i + 1}: the code block is never closed.");
            }

            yield return new MarkdownBlock(
                file,
                i + 1,
                info.Length == 0 ? string.Empty : info[0],
                info.Skip(1).ToArray(),
                string.Join('\n', body),
                FindContext(lines, i));
            i = close;
        }
    }

    public override string ToString() => Id;

    // The doc-context comment must end on the line above the fence (blank lines between are allowed).
    private static string? FindContext(string[] lines, int fence)
    {
        int end = fence - 1;
        while (end >= 0 && lines[end].Trim().Length == 0)
        {
            end--;
        }

        if (end < 0 || lines[end].Trim() != "-->")
        {
            return null;
        }

        for (int start = end - 1; start >= 0; start--)
        {
            if (lines[start].TrimStart().StartsWith("<!--", StringComparison.Ordinal))
            {
                return lines[start].Trim() == "<!-- doc-context"
                    ? string.Join('\n', lines[(start + 1)..end])
                    : null;
            }
        }

        return null;
    }

    [GeneratedRegex(@"^(?<indent> *)(?<marker>```+|~~~+)\s*(?<info>[^`]*?)\s*$")]
    private static partial Regex Fence();
}

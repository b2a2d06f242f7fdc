using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Eddy.DocTests;

/// <summary>
/// Turns the claims a block makes in its comments into checks, on the same line so that line numbers hold.
/// A claim is a comment right after a statement's semicolon:
/// <list type="bullet">
/// <item><c>float value = reader.Read&lt;float&gt;(); // 23.2f</c>: a comment that is a constant C# expression
/// (a literal, a negative number, a qualified name such as <c>PooledMemoryStreamMode.Auto</c>, or arithmetic on
/// these) after a statement that declares or assigns one variable: the variable must equal it.</item>
/// <item><c>lease.Dispose(); // throws InvalidOperationException</c>: the statement must throw that exception
/// (or one derived from it).</item>
/// </list>
/// Any other comment is prose and is left alone.
/// </summary>
public static class Claims
{
    /// <summary>The class the inserted checks call, compiled beside every run block (C# 9 syntax).</summary>
    public const string CheckerSource = """
        internal static class DocCheck
        {
            public static void Claim<T>(T actual, T expected, string where)
            {
                if (!System.Collections.Generic.EqualityComparer<T>.Default.Equals(actual, expected))
                {
                    throw new DocClaimException(where + ": the comment claims " + Show(expected) + ", the code gave " + Show(actual) + ".");
                }

                DocCheck.Count++;
            }

            public static void Throws<TException>(System.Action action, string where)
                where TException : System.Exception
            {
                try
                {
                    action();
                }
                catch (TException)
                {
                    DocCheck.Count++;
                    return;
                }

                throw new DocClaimException(where + ": the comment claims it throws " + typeof(TException).Name + ", but it did not.");
            }

            public static async System.Threading.Tasks.Task ThrowsAsync<TException>(System.Func<System.Threading.Tasks.Task> action, string where)
                where TException : System.Exception
            {
                try
                {
                    await action();
                }
                catch (TException)
                {
                    DocCheck.Count++;
                    return;
                }

                throw new DocClaimException(where + ": the comment claims it throws " + typeof(TException).Name + ", but it did not.");
            }

            public static int Count;

            private static string Show(object? value) => value is string s ? "\"" + s + "\"" : value?.ToString() ?? "null";
        }

        internal sealed class DocClaimException : System.Exception
        {
            public DocClaimException(string message) : base(message) { }
        }
        """;

    /// <summary>Returns <paramref name="code"/> with a check after every claim, and how many it found.</summary>
    public static string Insert(string code, string file, int firstLine, CSharpParseOptions options, out int count)
    {
        SyntaxTree tree = CSharpSyntaxTree.ParseText(code, options);
        var edits = new List<(int Start, int End, string Text)>();
        foreach (SyntaxTrivia comment in tree.GetRoot().DescendantTrivia().Where(t => t.IsKind(SyntaxKind.SingleLineCommentTrivia)))
        {
            SyntaxToken token = comment.Token;
            if (!token.IsKind(SyntaxKind.SemicolonToken) || !token.TrailingTrivia.Contains(comment) || token.Parent is not StatementSyntax statement)
            {
                continue;
            }

            string text = comment.ToString()[2..].Trim();
            int line = firstLine + token.GetLocation().GetLineSpan().StartLinePosition.Line;
            string where = file + ":" + line;
            if (text.StartsWith("throws ", StringComparison.Ordinal))
            {
                string exception = text["throws ".Length..].Split(' ', ',', ';', ':', '(')[0].TrimEnd('.');
                string body = code[statement.SpanStart..token.Span.End];
                bool awaits = statement.DescendantNodes().Any(n => n.IsKind(SyntaxKind.AwaitExpression));
                string check = awaits
                    ? $"await DocCheck.ThrowsAsync<{exception}>(async () => {{ {body} }}, \"{where}\");"
                    : $"DocCheck.Throws<{exception}>(() => {{ {body} }}, \"{where}\");";
                edits.Add((statement.SpanStart, token.Span.End, check));
                continue;
            }

            ExpressionSyntax expected = SyntaxFactory.ParseExpression(text, options: options);
            if (expected.ContainsDiagnostics || expected.ToFullString().Trim() != text || !IsConstantShape(expected))
            {
                continue;
            }

            string target = statement switch
            {
                LocalDeclarationStatementSyntax { Declaration.Variables.Count: 1 } local => local.Declaration.Variables[0].Identifier.Text,
                ExpressionStatementSyntax { Expression: AssignmentExpressionSyntax assignment } when assignment.IsKind(SyntaxKind.SimpleAssignmentExpression) => assignment.Left.ToString(),
                _ => throw new FormatException($"{where}: the comment '{text}' reads as a claim, but the statement declares or assigns nothing to compare it with."),
            };
            edits.Add((token.Span.End, token.Span.End, $" DocCheck.Claim({target}, {text}, \"{where}\");"));
        }

        count = edits.Count;
        string result = code;
        foreach ((int start, int end, string replacement) in edits.OrderByDescending(e => e.Start))
        {
            result = result[..start] + replacement + result[end..];
        }

        return result;
    }

    private static bool IsConstantShape(ExpressionSyntax expression) => expression switch
    {
        LiteralExpressionSyntax => true,
        PrefixUnaryExpressionSyntax unary => unary.IsKind(SyntaxKind.UnaryMinusExpression) && IsConstantShape(unary.Operand),
        ParenthesizedExpressionSyntax parenthesized => IsConstantShape(parenthesized.Expression),
        BinaryExpressionSyntax binary => IsConstantShape(binary.Left) && IsConstantShape(binary.Right),
        CastExpressionSyntax cast => IsConstantShape(cast.Expression),
        MemberAccessExpressionSyntax member => member.Expression is IdentifierNameSyntax or PredefinedTypeSyntax || (member.Expression is MemberAccessExpressionSyntax inner && IsConstantShape(inner)),
        _ => false,
    };
}

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
/// (or one derived from it). The check does not catch it: the block must, and print its message, as a reader's
/// copy would, so that the program runs to its end (<see cref="CheckerSource"/>'s <c>Thrown</c> lists the
/// messages the test then looks for in the output).</item>
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
                    string message = where + ": the comment claims " + Show(expected) + ", the code gave " + Show(actual) + ".";
                    DocCheck.Failure ??= message;
                    throw new DocClaimException(message);
                }

                DocCheck.Count++;
            }

            // A filter that never catches: it counts the claim when the exception is the one claimed, and lets
            // the exception go on to the block's own catch.
            public static bool Thrown<TException>(System.Exception exception, string where)
                where TException : System.Exception
            {
                if (exception is TException && exception is not DocClaimException)
                {
                    DocCheck.Count++;
                    DocCheck.Messages.Add(exception.Message);
                }
                else if (exception is not DocClaimException)
                {
                    DocCheck.Failure ??= where + ": the comment claims it throws " + typeof(TException).Name + ", it threw " + exception.GetType().Name + ".";
                }

                return false;
            }

            public static void NotThrown(string exception, string where)
            {
                DocCheck.Failure ??= where + ": the comment claims it throws " + exception + ", but it did not.";
            }

            public static readonly System.Collections.Generic.List<string> Messages = new System.Collections.Generic.List<string>();

            public static string? Failure;

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
                string check = $"try {{ {body} DocCheck.NotThrown(\"{exception}\", \"{where}\"); }} "
                    + $"catch (System.Exception docException) when (DocCheck.Thrown<{exception}>(docException, \"{where}\")) {{ throw; }}";
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

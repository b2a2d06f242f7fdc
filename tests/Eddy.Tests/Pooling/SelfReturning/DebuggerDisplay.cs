using System.Diagnostics;
using System.Reflection;
using System.Text.RegularExpressions;

namespace Eddy.Tests.Pooling.SelfReturning;

/// <summary>Renders a type's <see cref="DebuggerDisplayAttribute"/> the way a debugger does for simple member names.</summary>
internal static class DebuggerDisplay
{
    private const BindingFlags AnyInstance = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;

    // Not a generated regex: the netstandard2.1 test build sees Eddy's own SkipLocalsInit polyfill, which the
    // generated code would then name ambiguously.
    private static readonly Regex s_member = new(@"\{(\w+)\}", RegexOptions.CultureInvariant);

    public static string Of(object value)
    {
        var attribute = value.GetType().GetCustomAttribute<DebuggerDisplayAttribute>();
        Assert.NotNull(attribute);
        return s_member.Replace(attribute.Value, match =>
        {
            string name = match.Groups[1].Value;
            object? member = value.GetType().GetProperty(name, AnyInstance)?.GetValue(value)
                ?? value.GetType().GetField(name, AnyInstance)?.GetValue(value);
            Assert.True(member is not null, $"{value.GetType().Name} has no member {name}");
            return member.ToString()!;
        });
    }
}

using System.Diagnostics.CodeAnalysis;
using System.Linq;
using System.Reflection;
using Eddy.Internal;

namespace Eddy.Tests.Architecture;

/// <summary>
/// The throw helper in the fixed pools' Rent+Return loop must stay visible to the JIT as a method that never returns:
/// <c>[DoesNotReturn]</c>, and not <c>NoInlining</c>, which would stop the JIT from looking into it and make its call
/// site an ordinary call that the loop has to keep a value alive across (docs/design.md, "Throw helpers").
/// </summary>
public class ThrowHelperTests
{
    private static MethodInfo[] Helpers() =>
        typeof(ThrowHelper).GetMethods(BindingFlags.Public | BindingFlags.Static | BindingFlags.DeclaredOnly)
            .Where(m => m.Name.StartsWith("Throw", System.StringComparison.Ordinal) && m.GetCustomAttribute<DoesNotReturnAttribute>() is not null)
            .ToArray();

    [Fact]
    public void The_fixed_pools_length_check_helper_is_open_to_the_jit_and_the_others_are_not()
    {
        MethodInfo[] helpers = Helpers();
        MethodInfo open = Assert.Single(helpers, m => !m.MethodImplementationFlags.HasFlag(MethodImplAttributes.NoInlining));

        Assert.True(helpers.Length >= 10, $"Found only {helpers.Length} [DoesNotReturn] helpers.");
        Assert.Equal(nameof(ThrowHelper.ThrowArgumentException_WrongArrayLength), open.Name);
    }

    [Fact]
    public void A_helper_throws_what_its_name_says()
    {
        Assert.Throws<System.ArgumentNullException>("buffer", () => ThrowHelper.ThrowArgumentNullException("buffer"));
        var wrongLength = Assert.Throws<System.ArgumentException>("array", () => ThrowHelper.ThrowArgumentException_WrongArrayLength(7, 32, "array"));
        Assert.Contains("exactly 32", wrongLength.Message, System.StringComparison.Ordinal);
    }
}

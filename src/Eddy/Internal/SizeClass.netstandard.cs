using System.Runtime.CompilerServices;

namespace Eddy.Internal;

internal static partial class SizeClass
{
    /// <summary>Floor of log2 of <paramref name="value"/>; 0 for 0 and 1.</summary>
    /// <remarks>netstandard2.1 has no <c>BitOperations</c>: a binary search on the highest set bit.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Log2(uint value)
    {
        int result = 0;
        if (value >= 1u << 16) { value >>= 16; result += 16; }
        if (value >= 1u << 8) { value >>= 8; result += 8; }
        if (value >= 1u << 4) { value >>= 4; result += 4; }
        if (value >= 1u << 2) { value >>= 2; result += 2; }
        if (value >= 1u << 1) { result += 1; }
        return result;
    }
}

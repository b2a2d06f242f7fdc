using System.Numerics;
using System.Runtime.CompilerServices;

namespace Eddy.Internal;

internal static partial class SizeClass
{
    /// <summary>Floor of log2 of <paramref name="value"/>; 0 for 0 and 1.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Log2(uint value) => BitOperations.Log2(value);
}

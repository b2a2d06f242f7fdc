using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Eddy.Internal;

/// <summary>
/// Power-of-two size-class arithmetic shared by the pools: class <c>i</c> holds blocks of
/// <c>MinimumSize &lt;&lt; i</c> bytes (or elements). All operations are branch-light and allocation-free.
/// </summary>
internal static partial class SizeClass
{
    /// <summary>The largest power of two an <see cref="int"/> can hold (1 GiB).</summary>
    public const int MaxPowerOfTwo = 1 << 30;

    /// <summary>True when <paramref name="value"/> is a positive power of two.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsPowerOfTwo(int value) => value > 0 && (value & (value - 1)) == 0;

    /// <summary>
    /// The smallest power of two that is at least <paramref name="value"/>; 1 for values below 2.
    /// Values above <see cref="MaxPowerOfTwo"/> have no power of two that fits an <see cref="int"/>
    /// and return <see cref="MaxPowerOfTwo"/>; callers check for that before using the result.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int RoundUpToPowerOfTwo(int value)
    {
        if (value <= 1)
        {
            return 1;
        }

        if (value > MaxPowerOfTwo)
        {
            return MaxPowerOfTwo;
        }

        return 1 << (Log2((uint)value - 1) + 1);
    }

    /// <summary>
    /// The index of the smallest class that can hold <paramref name="size"/> items when class 0 holds
    /// <c>1 &lt;&lt; <paramref name="minimumShift"/></c> items. Sizes at or below the minimum map to 0.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int GetIndex(int size, int minimumShift)
    {
        Debug.Assert(size >= 0);

        // One more than log2(size - 1), less the shift; or-ing in the bits below the minimum makes every size up
        // to the minimum land on class 0 without a branch.
        return size == 0 ? 0 : GetIndexOfPositive(size, minimumShift);
    }

    /// <summary><see cref="GetIndex"/> for a <paramref name="size"/> known to be at least 1: no branch at all.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int GetIndexOfPositive(int size, int minimumShift)
    {
        Debug.Assert(size > 0);
        Debug.Assert(minimumShift is > 0 and < 31);
        return Log2(unchecked((uint)(size - 1)) | ((1u << minimumShift) - 1)) + 1 - minimumShift;
    }

    /// <summary>The size of class <paramref name="index"/> when class 0 holds <c>1 &lt;&lt; <paramref name="minimumShift"/></c> items.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int GetSize(int index, int minimumShift)
    {
        Debug.Assert(index >= 0 && index + minimumShift < 31);
        return 1 << (index + minimumShift);
    }

    /// <summary>
    /// The index of the class whose size is exactly <paramref name="length"/>, or -1 when
    /// <paramref name="length"/> is not a class size (not a power of two, or below the minimum).
    /// Used on return, where an array that no class fits must be rejected.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int GetExactIndex(int length, int minimumShift)
    {
        // log2 of a length below the minimum (0 included) is below the shift, so its index is negative; any other
        // length is exact when it is the power of two its log2 names.
        int index = Log2(unchecked((uint)length)) - minimumShift;
        return index >= 0 && length > 0 && length == 1 << (index + minimumShift) ? index : -1;
    }
}

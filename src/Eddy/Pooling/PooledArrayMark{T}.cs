using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Eddy.Pooling;

/// <summary>
/// The cheap half of the typed pools' double-return check: a mark an array carries while a pool holds it, so
/// that most returns prove "not pooled" with one read, and only the rest pay a scan of the pool.
/// </summary>
/// <remarks>
/// Element types without references carry <see cref="PoolCookie.Value"/> in their last 8 bytes (arrays of
/// fewer than 8 bytes cannot, and always take the scan). Element types with references carry a default last
/// element, which the pools write anyway when clearing; any array whose last element is default takes the scan.
/// On netstandard2.1 only primitive element types carry the cookie; other structs always take the scan.
/// </remarks>
internal static partial class PooledArrayMark<T>
{
    // Every member takes the array's length, which must equal array.Length: the fixed-length pools pass their
    // JIT-time constant, so the tail's offset and the "long enough for a cookie" test fold away.

    /// <summary>False proves <paramref name="array"/> is in no pool; true means "scan to be sure".</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool MayBePooled(T[] array, int length)
    {
        Debug.Assert(length == array.Length);
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            return IsDefault(array[length - 1]);
        }

        return !HasTail(array, length) || ReadTail(array, length) == PoolCookie.Value;
    }

    /// <summary>Marks an array entering a pool.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Mark(T[] array, int length)
    {
        Debug.Assert(length == array.Length);
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            array[length - 1] = default!;
        }
        else if (HasTail(array, length))
        {
            WriteTail(array, length, PoolCookie.Value);
        }
    }

    /// <summary>Removes the mark from an array leaving a pool.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Unmark(T[] array, int length)
    {
        Debug.Assert(length == array.Length);
        if (!RuntimeHelpers.IsReferenceOrContainsReferences<T>() && HasTail(array, length))
        {
            WriteTail(array, length, 0);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool IsDefault(T value)
    {
        if (!typeof(T).IsValueType)
        {
            return value is null;
        }

        return EqualityComparer<T>.Default.Equals(value, default!);
    }
}

using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Eddy.Internal;

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
/// <see cref="EddyArrayPool{T}"/> uses the head instead (<see cref="MarkHead"/>); the fixed-length pools keep the
/// tail, at an offset their constant length fixes.
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

    // The head mark, for EddyArrayPool: the cookie in the first 8 bytes, or a default first element. Its arrays have
    // at least 16 elements, so the cookie always fits, and their lengths vary, so the tail's offset would cost a
    // length read and often a second cache line or page. A renter's data starts at the head, so a used array of
    // references rarely looks pooled. An array carries one pool's mark at a time; the two never meet.

    /// <summary>False proves <paramref name="array"/> (at least 16 elements) is in no pool that uses the head mark.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool MayBePooledAtHead(T[] array)
    {
        Debug.Assert(array.Length >= 16);
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            return IsDefault(array[0]);
        }

        return !HasHead || ReadHead(array) == PoolCookie.Value;
    }

    /// <summary>Marks an array (at least 16 elements) entering a pool that uses the head mark.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void MarkHead(T[] array)
    {
        Debug.Assert(array.Length >= 16);
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            array[0] = default!;
        }
        else if (HasHead)
        {
            WriteHead(array, PoolCookie.Value);
        }
    }

    /// <summary>Removes the head mark from an array (at least 16 elements) leaving its pool.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void UnmarkHead(T[] array)
    {
        Debug.Assert(array.Length >= 16);
        if (!RuntimeHelpers.IsReferenceOrContainsReferences<T>() && HasHead)
        {
            WriteHead(array, 0);
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

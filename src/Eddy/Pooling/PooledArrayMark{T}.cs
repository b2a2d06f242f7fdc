using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Eddy.Pooling;

/// <summary>
/// The cheap half of the typed pools' double-return check: a mark an array carries while a pool holds it, so
/// that most returns prove "not pooled" with one read, and only the rest pay a scan of the pool.
/// </summary>
/// <remarks>
/// Element types without references carry <see cref="PoolCookie.Value"/> in their first 8 bytes (arrays of
/// fewer than 8 bytes cannot, and always take the scan). Element types with references carry a default first
/// element, which the pools write anyway when clearing; any array whose first element is default takes the scan.
/// The head, not the tail: it shares a cache line with the array's length, which every pool reads anyway, its
/// offset needs no length, and a renter's data starts there, so a used array of references rarely looks pooled.
/// On netstandard2.1 only primitive element types carry the cookie; other structs always take the scan.
/// </remarks>
internal static partial class PooledArrayMark<T>
{
    // Every member takes the array's length, which must equal array.Length: the fixed-length pools pass their
    // JIT-time constant, so the "long enough for a cookie" test folds away.

    /// <summary>False proves <paramref name="array"/> is in no pool; true means "scan to be sure".</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool MayBePooled(T[] array, int length)
    {
        Debug.Assert(length == array.Length || (length == 16 && array.Length >= 16));
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            return IsDefault(array[0]);
        }

        return !HasHead(array, length) || ReadHead(array) == PoolCookie.Value;
    }

    /// <summary>Marks an array entering a pool.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Mark(T[] array, int length)
    {
        Debug.Assert(length == array.Length || (length == 16 && array.Length >= 16));
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            array[0] = default!;
        }
        else if (HasHead(array, length))
        {
            WriteHead(array, PoolCookie.Value);
        }
    }

    /// <summary>Removes the mark from an array leaving a pool.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Unmark(T[] array, int length)
    {
        Debug.Assert(length == array.Length || (length == 16 && array.Length >= 16));
        if (!RuntimeHelpers.IsReferenceOrContainsReferences<T>() && HasHead(array, length))
        {
            WriteHead(array, 0);
        }
    }

    // The same three for arrays of at least 16 elements (at least 16 bytes), the typed pools' smallest class: the
    // cookie always fits, so no length is needed.

    /// <summary><see cref="MayBePooled(T[], int)"/> for an array of at least 16 elements.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool MayBePooled(T[] array) => MayBePooled(array, AtLeastSixteen(array));

    /// <summary><see cref="Mark(T[], int)"/> for an array of at least 16 elements.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Mark(T[] array) => Mark(array, AtLeastSixteen(array));

    /// <summary><see cref="Unmark(T[], int)"/> for an array of at least 16 elements.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Unmark(T[] array) => Unmark(array, AtLeastSixteen(array));

    // The mark reads no length but its "long enough" test: a constant 16 folds that test away.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int AtLeastSixteen(T[] array)
    {
        Debug.Assert(array.Length >= 16);
        return 16;
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

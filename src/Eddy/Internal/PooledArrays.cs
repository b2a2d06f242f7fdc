using System.Buffers;
using System.Runtime.CompilerServices;

namespace Eddy.Internal;

/// <summary>How the buffers give an array back to its pool.</summary>
internal static class PooledArrays
{
    /// <summary>
    /// Rents at least <paramref name="minimumLength"/> elements and checks what a custom pool handed back: a
    /// shorter array would break the writers' free-space arithmetic, and a covariant array (a
    /// <c>string[]</c> for <c>object</c>) would make their unchecked spans unsafe.
    /// </summary>
    public static T[] Rent<T>(ArrayPool<T> pool, int minimumLength)
    {
        T[] array = pool.Rent(minimumLength);
        if (array.Length < minimumLength || (default(T) is null && array.GetType() != typeof(T[])))
        {
            ThrowHelper.ThrowInvalidOperationException("The pool returned an array that is too short or not exactly of the element type.");
        }

        return array;
    }

    /// <summary>
    /// Returns a non-empty <paramref name="array"/> to <paramref name="pool"/>, cleared when
    /// <paramref name="clearArray"/> is set and always when its elements hold references, so that the pool does not
    /// keep objects alive. Empty arrays were never rented.
    /// </summary>
    public static void Return<T>(ArrayPool<T> pool, T[] array, bool clearArray = false)
    {
        if (array.Length != 0)
        {
            pool.Return(array, clearArray || RuntimeHelpers.IsReferenceOrContainsReferences<T>());
        }
    }
}

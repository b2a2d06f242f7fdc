using System.Buffers;
using System.Runtime.CompilerServices;

namespace Eddy.Buffers;

/// <summary>How the buffers give an array back to its pool.</summary>
internal static class PooledArrays
{
    /// <summary>
    /// Returns a non-empty <paramref name="array"/> to <paramref name="pool"/>, cleared first when its elements
    /// hold references so that the pool does not keep objects alive. Empty arrays were never rented.
    /// </summary>
    public static void Return<T>(ArrayPool<T> pool, T[] array)
    {
        if (array.Length != 0)
        {
#if NET
            pool.Return(array, RuntimeHelpers.IsReferenceOrContainsReferences<T>());
#else
            pool.Return(array, !typeof(T).IsPrimitive);
#endif
        }
    }
}

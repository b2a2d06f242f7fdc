using System;

namespace Eddy.Pooling;

public sealed partial class ConcurrentFixedArrayPool<T, TLength>
{
    /// <summary>A rented array that goes back to its pool when the lease is disposed. Dispose it once.</summary>
    public readonly struct Lease : IDisposable
    {
        private readonly ConcurrentFixedArrayPool<T, TLength>? _pool;

        internal Lease(ConcurrentFixedArrayPool<T, TLength> pool, T[] array)
        {
            _pool = pool;
            Array = array;
        }

        /// <summary>The rented array (null for a default lease).</summary>
        public T[] Array { get; }

        /// <summary>Returns the array to the pool; a default lease does nothing.</summary>
        /// <exception cref="InvalidOperationException">The array is already back in the pool (disposed twice).</exception>
        public void Dispose() => _pool?.Return(Array);
    }
}

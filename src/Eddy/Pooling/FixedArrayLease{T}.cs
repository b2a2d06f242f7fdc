using System;

namespace Eddy.Pooling;

/// <summary>
/// An array rented from one of the fixed-length pools that goes back to that pool when the lease is disposed:
/// <c>using var lease = pool.Rent(out var array);</c>. Dispose it once.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
public readonly struct FixedArrayLease<T> : IDisposable
{
    private readonly IFixedArrayReturn<T>? _pool;

    internal FixedArrayLease(IFixedArrayReturn<T> pool, T[] array)
    {
        _pool = pool;
        Array = array;
    }

    /// <summary>The rented array (null for a default lease).</summary>
    public T[] Array { get; }

    /// <summary>Returns the array to its pool; a default lease does nothing.</summary>
    /// <exception cref="InvalidOperationException">The array is already back in the pool (disposed twice).</exception>
    public void Dispose() => _pool?.Return(Array);
}

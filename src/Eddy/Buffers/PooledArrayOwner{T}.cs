using System;
using System.Buffers;
using Eddy.Internal;

namespace Eddy.Buffers;

/// <summary>
/// Owns a pooled array handed over by <see cref="PooledBufferWriter{T}.DetachBuffer"/> together with the
/// number of elements written into it. Disposing returns the array to its pool, exactly once.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
public sealed class PooledArrayOwner<T> : IMemoryOwner<T>
{
    private readonly ArrayPool<T> _pool;
    private T[]? _array;
    private readonly int _count;

    internal PooledArrayOwner(T[] array, int count, ArrayPool<T> pool)
    {
        _array = array;
        _count = count;
        _pool = pool;
    }

    /// <summary>The whole array, which may be longer than <see cref="Count"/>; still owned by this object.</summary>
    /// <exception cref="ObjectDisposedException">The owner is disposed.</exception>
    public T[] Array => _array ?? ThrowDisposed();

    /// <summary>The number of elements written at the start of <see cref="Array"/>.</summary>
    public int Count => _count;

    /// <summary>The written elements.</summary>
    /// <exception cref="ObjectDisposedException">The owner is disposed.</exception>
    public Memory<T> Memory => new(Array, 0, _count);

    /// <summary>The written elements.</summary>
    /// <exception cref="ObjectDisposedException">The owner is disposed.</exception>
    public Span<T> Span => new(Array, 0, _count);

    /// <summary>Returns the array to its pool; later calls do nothing.</summary>
    public void Dispose()
    {
        T[]? array = _array;
        if (array is not null)
        {
            _array = null;
            PooledArrays.Return(_pool, array);
        }
    }

    private static T[] ThrowDisposed()
    {
        ThrowHelper.ThrowObjectDisposedException(nameof(PooledArrayOwner<T>));
        return null!;
    }
}

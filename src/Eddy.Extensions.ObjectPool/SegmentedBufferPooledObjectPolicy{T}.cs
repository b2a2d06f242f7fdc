using System;
using System.Buffers;
using Eddy.Buffers;
using Microsoft.Extensions.ObjectPool;

namespace Eddy.Extensions.ObjectPool;

/// <summary>
/// A <see cref="PooledObjectPolicy{T}"/> for <see cref="SegmentedBuffer{T}"/>: a returned buffer is emptied and
/// gives every chunk back to its array pool, so an idle buffer in the object pool holds no arrays.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <remarks>A buffer that was already disposed is not kept.</remarks>
public sealed class SegmentedBufferPooledObjectPolicy<T> : PooledObjectPolicy<SegmentedBuffer<T>>
{
    private readonly ArrayPool<T>? _pool;
    private readonly int _initialChunkLength;
    private readonly int _maximumChunkLength;

    /// <summary>Creates a policy whose buffers use the given pool and chunk lengths.</summary>
    /// <param name="pool">The array pool of every buffer; null means Eddy's default pool.</param>
    /// <param name="initialChunkLength">Length of each buffer's first chunk; 0 lets the buffer choose.</param>
    /// <param name="maximumChunkLength">Largest chunk a buffer grows to; 0 lets the buffer choose.</param>
    public SegmentedBufferPooledObjectPolicy(ArrayPool<T>? pool = null, int initialChunkLength = 0, int maximumChunkLength = 0)
    {
        _pool = pool;
        _initialChunkLength = initialChunkLength;
        _maximumChunkLength = maximumChunkLength;
    }

    /// <summary>Creates an empty buffer (the constructor validates the chunk lengths).</summary>
    /// <returns>A new buffer.</returns>
    public override SegmentedBuffer<T> Create() => new(_pool, _initialChunkLength, _maximumChunkLength);

    /// <summary>Empties <paramref name="obj"/> and returns all its chunks to the array pool.</summary>
    /// <param name="obj">The buffer given back to the object pool.</param>
    /// <returns>True to keep the buffer; false when it was disposed.</returns>
    public override bool Return(SegmentedBuffer<T> obj)
    {
        if (obj is null)
        {
            return false;
        }

        try
        {
            obj.Reset();
        }
        catch (ObjectDisposedException)
        {
            // Returning a disposed buffer is a caller bug, but the object pool cannot reuse it either way.
            return false;
        }

        return true;
    }
}

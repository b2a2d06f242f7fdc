using System;
using System.Buffers;
using Eddy.Buffers;
using Microsoft.Extensions.ObjectPool;

namespace Eddy.Extensions.ObjectPool;

/// <summary>
/// A <see cref="PooledObjectPolicy{T}"/> for <see cref="PooledBufferWriter{T}"/>: a returned writer is cleared and
/// keeps its array for the next use, unless the array grew past <see cref="MaximumRetainedCapacity"/>, in which
/// case the writer is disposed (its array goes back to the array pool) and not kept.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <remarks>
/// When <typeparamref name="T"/> holds references, the written elements are cleared on return so an idle writer
/// keeps no objects alive. A writer that was already disposed is not kept.
/// </remarks>
public sealed class PooledBufferWriterPooledObjectPolicy<T> : PooledObjectPolicy<PooledBufferWriter<T>>
{
    private const int DefaultMaximumRetainedCapacity = 1 << 20;

    private readonly ArrayPool<T>? _pool;

    /// <summary>Creates a policy.</summary>
    /// <param name="pool">The array pool of every writer; null means Eddy's default pool.</param>
    /// <param name="initialCapacity">Elements each new writer rents up front; 0 rents on the first write.</param>
    /// <param name="maximumRetainedCapacity">Writers whose array is longer are disposed rather than kept; null for
    /// 1 Mi elements.</param>
    /// <exception cref="ArgumentOutOfRangeException">A length is negative.</exception>
    public PooledBufferWriterPooledObjectPolicy(ArrayPool<T>? pool = null, int initialCapacity = 0, int? maximumRetainedCapacity = null)
    {
        int maximum = maximumRetainedCapacity ?? DefaultMaximumRetainedCapacity;
        if (initialCapacity < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(initialCapacity), initialCapacity, "Must not be negative.");
        }

        if (maximum < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(maximumRetainedCapacity), maximum, "Must not be negative.");
        }

        InitialCapacity = initialCapacity;
        MaximumRetainedCapacity = maximum;
        _pool = pool;
    }

    /// <summary>Elements each new writer rents up front (0: on its first write).</summary>
    public int InitialCapacity { get; }

    /// <summary>The longest array a kept writer may hold.</summary>
    public int MaximumRetainedCapacity { get; }

    /// <summary>Creates an empty writer.</summary>
    /// <returns>A new writer.</returns>
    public override PooledBufferWriter<T> Create() => new(_pool, InitialCapacity);

    /// <summary>Clears <paramref name="obj"/> for reuse, or disposes it when its array is too long to keep.</summary>
    /// <param name="obj">The writer given back to the object pool.</param>
    /// <returns>True to keep the writer; false when it was disposed here or before.</returns>
    public override bool Return(PooledBufferWriter<T> obj)
    {
        if (obj is null)
        {
            return false;
        }

        int capacity;
        try
        {
            capacity = obj.Capacity;
        }
        catch (ObjectDisposedException)
        {
            // Returning a disposed writer is a caller bug, but the object pool cannot reuse it either way.
            return false;
        }

        if (capacity > MaximumRetainedCapacity)
        {
            obj.Dispose();
            return false;
        }

        obj.Clear();
        return true;
    }
}

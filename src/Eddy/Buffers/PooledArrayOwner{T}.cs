using System;
using System.Buffers;
using System.Diagnostics;
using Eddy.Internal;

namespace Eddy.Buffers;

/// <summary>
/// Owns a pooled array handed over by <see cref="PooledBufferWriter{T}.DetachBuffer"/> together with the
/// number of elements written into it. Disposing returns the array to its pool, exactly once.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
[DebuggerDisplay("{DebuggerDisplay,nq}")]
[DebuggerTypeProxy(typeof(PooledArrayOwner<>.DebugView))]
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

    private string DebuggerDisplay => _array is null ? "Disposed" : $"Count = {_count}, Array.Length = {_array.Length}";

    /// <summary>What the debugger shows of an owner: its count and the first written elements.</summary>
    internal sealed class DebugView
    {
        private readonly PooledArrayOwner<T> _owner;

        public DebugView(PooledArrayOwner<T> owner)
        {
            _owner = owner;
        }

        public bool IsDisposed => _owner._array is null;

        public int Count => _owner._count;

        /// <summary>The first written elements, at most <see cref="DebugViews.MaximumItems"/>; empty once disposed.</summary>
        [DebuggerBrowsable(DebuggerBrowsableState.RootHidden)]
        public T[] Items => _owner._array is { } array ? DebugViews.Head(new ReadOnlySpan<T>(array, 0, _owner._count)) : [];
    }
}

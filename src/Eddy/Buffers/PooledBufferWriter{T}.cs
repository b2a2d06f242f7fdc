using System;
using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Eddy.Internal;
using Eddy.Lifetime;
using Eddy.Pooling;

namespace Eddy.Buffers;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> over one pooled array: the written elements are always contiguous
/// (<see cref="WrittenSpan"/>). Growth rents a bigger array and copies only the written part.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <remarks>
/// Rules of use: a span or memory from <see cref="GetSpan(int)"/> is invalid after <see cref="Advance(int)"/>
/// or any growth; <see cref="WrittenSpan"/> and <see cref="WrittenMemory"/> are invalid after the next write,
/// <see cref="Reset"/>, <see cref="Clear"/>, <see cref="DetachBuffer"/> or <see cref="Dispose"/>. Dispose exactly once when done
/// (a second call does nothing); any other use after that throws <see cref="ObjectDisposedException"/>.
/// Not thread-safe.
/// </remarks>
[DebuggerDisplay("{DebuggerDisplay,nq}")]
[DebuggerTypeProxy(typeof(PooledBufferWriter<>.DebugView))]
public sealed class PooledBufferWriter<T> : IBufferWriter<T>, IDisposable, IRescuable
{
    /// <summary>Elements rented on the first write when the caller names no initial capacity.</summary>
    internal const int DefaultInitialCapacity = 256;

    private readonly ArrayPool<T> _pool;
    private readonly int _initialCapacity;
    private T[] _buffer = [];
    private int _index;

    // Free elements of the span the last GetSpan/GetMemory handed out (0: none, or already advanced), so that
    // Advance refuses a count past it or without it. Every other call that writes clears it.
    private int _handedOut;
    private bool _disposed;

    // Armed from a sampled first rent (one in LeakTracker.SamplingInterval on the thread) until the array goes back
    // or is detached, so a writer dropped undisposed gets its array back and is reported; null otherwise.
    private RescueGuard? _guard;

    /// <summary>Creates a writer.</summary>
    /// <param name="pool">The pool the array is rented from and returned to; null for the library's default pool.</param>
    /// <param name="initialCapacity">Elements to rent up front; 0 to rent 256 elements on the first write.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="initialCapacity"/> is negative.</exception>
    public PooledBufferWriter(ArrayPool<T>? pool = null, int initialCapacity = 0)
    {
        ThrowHelper.ThrowIfNegative(initialCapacity);
        _pool = pool ?? DefaultPool<T>.Instance;
        _initialCapacity = initialCapacity == 0 ? DefaultInitialCapacity : initialCapacity;
        if (initialCapacity > 0)
        {
            _buffer = PooledArrays.Rent(_pool, initialCapacity);
            TrackIfSampled();
        }
    }

    /// <summary>The elements written so far.</summary>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    public ReadOnlySpan<T> WrittenSpan
    {
        get
        {
            ThrowIfDisposed();
            return new ReadOnlySpan<T>(_buffer, 0, _index);
        }
    }

    /// <summary>The elements written so far, as memory.</summary>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    public ReadOnlyMemory<T> WrittenMemory
    {
        get
        {
            ThrowIfDisposed();
            return new ReadOnlyMemory<T>(_buffer, 0, _index);
        }
    }

    /// <summary>The number of elements written so far.</summary>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    public int Length
    {
        get
        {
            ThrowIfDisposed();
            return _index;
        }
    }

    /// <summary>The length of the current array.</summary>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    public int Capacity
    {
        get
        {
            ThrowIfDisposed();
            return _buffer.Length;
        }
    }

    /// <summary>Elements that can be written before the next growth.</summary>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    public int FreeCapacity
    {
        get
        {
            ThrowIfDisposed();
            return _buffer.Length - _index;
        }
    }

    /// <summary>Returns a span of at least <paramref name="sizeHint"/> free elements (at least 1 when 0), growing if needed.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="sizeHint"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Span<T> GetSpan(int sizeHint = 0)
    {
        T[] buffer = _buffer;
        int index = _index;
        // A negative hint zero-extends to a huge value and a disposed writer has free space -1: both miss.
        int free = buffer.Length - index;
        if (unchecked((long)(uint)sizeHint) < (long)free)
        {
            _handedOut = free;
            return ArrayAccess.UncheckedSlice(buffer, index, free);
        }

        return GetSpanSlow(sizeHint);
    }

    /// <summary>Like <see cref="GetSpan(int)"/>, as <see cref="Memory{T}"/>.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="sizeHint"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Memory<T> GetMemory(int sizeHint = 0)
    {
        if (unchecked((long)(uint)sizeHint) >= (long)(_buffer.Length - _index))
        {
            Grow(sizeHint);
        }

        int free = _buffer.Length - _index;
        _handedOut = free;
        return new Memory<T>(_buffer, _index, free);
    }

    /// <summary>
    /// Commits <paramref name="count"/> elements written into the span or memory the last <see cref="GetSpan(int)"/>
    /// or <see cref="GetMemory(int)"/> handed out; that span is then spent. <c>Advance(0)</c> commits nothing.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    /// <exception cref="InvalidOperationException"><paramref name="count"/> is positive and no span is outstanding (no
    /// GetSpan/GetMemory since the last Advance or write), or <paramref name="count"/> is past the end of that span.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Advance(int count)
    {
        // 1 <= count <= the span handed out; 0, negative, too far, no span and disposed (nothing outstanding) all
        // take the slow path.
        if (unchecked((uint)(count - 1)) < (uint)_handedOut)
        {
            _handedOut = 0;
            _index += count;
            return;
        }

        AdvanceSlow(count);
    }

    /// <summary>Appends <paramref name="source"/>.</summary>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    public void Write(ReadOnlySpan<T> source)
    {
        _handedOut = 0;
        if ((long)source.Length > (long)(_buffer.Length - _index))
        {
            Grow(source.Length);
        }

        BlockCopy.Copy(source, new Span<T>(_buffer, _index, source.Length));
        _index += source.Length;
    }

    /// <summary>
    /// Empties the writer and returns its array to the pool; the writer stays usable, and its next write rents
    /// again. To empty it and keep the array for the next use, call <see cref="Clear"/>.
    /// </summary>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    public void Reset()
    {
        ThrowIfDisposed();
        ReleaseBuffer(nextIndex: 0);
    }

    /// <summary>Hands the array back to the pool and leaves an empty one with <paramref name="nextIndex"/> written.</summary>
    private void ReleaseBuffer(int nextIndex)
    {
        _handedOut = 0;
        RescueGuard.DisarmAndClear(ref _guard);
        T[] buffer = _buffer;
        _buffer = [];
        _index = nextIndex;
        PooledArrays.Return(_pool, buffer);
    }

    /// <summary>
    /// Empties the writer and keeps its array for the next writes (<see cref="ArrayBufferWriter{T}"/>'s
    /// <c>Clear</c>). The written elements are zeroed only when <typeparamref name="T"/> holds references, so a
    /// kept array keeps no objects alive; <see cref="ArrayBufferWriter{T}"/> zeroes them always.
    /// </summary>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    public void Clear()
    {
        ThrowIfDisposed();
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            new Span<T>(_buffer, 0, _index).Clear();
        }

        _handedOut = 0;
        _index = 0;
    }

    /// <summary>Copies every written element to <paramref name="destination"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="Length"/>.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    public void CopyTo(Span<T> destination)
    {
        ReadOnlySpan<T> written = WrittenSpan;
        if (destination.Length < written.Length)
        {
            ThrowHelper.ThrowArgumentException("The destination is shorter than the writer's length.", nameof(destination));
        }

        BlockCopy.Copy(written, destination);
    }

    /// <summary>Copies the written elements into a new array.</summary>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    public T[] ToArray() => WrittenSpan.ToArray();

    /// <summary>
    /// Hands the array and the written count over to the returned owner without copying and leaves this
    /// writer empty (its next write rents a new array). Dispose the owner to return the array to the pool.
    /// </summary>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    public PooledArrayOwner<T> DetachBuffer()
    {
        ThrowIfDisposed();
        var owner = new PooledArrayOwner<T>(_buffer, _index, _pool);
        RescueGuard.DisarmAndClear(ref _guard);
        _buffer = [];
        _index = 0;
        _handedOut = 0;
        return owner;
    }

    /// <summary>Returns the array to the pool. Later calls do nothing; any other use throws.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        // Free space of -1 sends every GetSpan and Advance down the slow path, which throws.
        ReleaseBuffer(nextIndex: 1);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private Span<T> GetSpanSlow(int sizeHint)
    {
        Grow(sizeHint);
        int free = _buffer.Length - _index;
        _handedOut = free;
        return new Span<T>(_buffer, _index, free);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AdvanceSlow(int count)
    {
        ThrowHelper.ThrowIfNegative(count, nameof(count));
        ThrowIfDisposed();
        if (count != 0)
        {
            ThrowHelper.ThrowInvalidOperationException(BufferWriterMessages.AdvanceWithoutSpan);
        }
    }

    /// <summary>Ensures at least max(<paramref name="sizeHint"/>, 1) free elements, copying only the written part.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Grow(int sizeHint)
    {
        ThrowIfDisposed();
        ThrowHelper.ThrowIfNegative(sizeHint);
        int need = sizeHint == 0 ? 1 : sizeHint;
        T[] old = _buffer;
        if (old.Length - _index >= need)
        {
            return;
        }

        long required = (long)_index + need;
        if (required > ArrayAccess.MaxLength)
        {
            ThrowHelper.ThrowInvalidOperationException("The writer cannot hold more elements than an array can.");
        }

        long doubled = old.Length == 0 ? _initialCapacity : (long)old.Length * 2;
        int length = (int)Math.Min(ArrayAccess.MaxLength, Math.Max(required, doubled));
        T[] grown = PooledArrays.Rent(_pool, length);
        if (typeof(T) == typeof(byte))
        {
            grown = (T[])(object)CopyDestination.Choose((ArrayPool<byte>)(object)_pool, (byte[])(object)old, (byte[])(object)grown, _index);
        }

        BlockCopy.Copy(new ReadOnlySpan<T>(old, 0, _index), grown);
        _buffer = grown;
        if (old.Length == 0)
        {
            TrackIfSampled();
        }

        PooledArrays.Return(_pool, old);
    }

    /// <summary>
    /// Gives the array back, once, after the writer was collected undisposed (the guard holds the writer itself);
    /// runs on the finalizer thread. Returns the number of bytes given back.
    /// </summary>
    long IRescuable.Rescue(bool clear)
    {
        T[] buffer = _buffer;
        if (_disposed || buffer.Length == 0)
        {
            return 0;
        }

        _disposed = true;
        _buffer = [];
        _pool.Return(buffer, clear || RuntimeHelpers.IsReferenceOrContainsReferences<T>());
        return (long)buffer.Length * ArrayAccess.ElementSize<T>();
    }

    /// <summary>
    /// Counts the first rent for sampling; a sampled one arms the guard with the creation stack. The unsampled
    /// path is a thread-static increment and a compare, on a path that rents anyway.
    /// </summary>
    private void TrackIfSampled()
    {
        if (RescueGuard.ShouldTrack())
        {
            _guard ??= RescueGuard.Arm(this, this, clearResources: false, captureStack: true);
        }
    }

    private string DebuggerDisplay => _disposed ? "Disposed" : $"Length = {_index}, Capacity = {_buffer.Length}";

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ThrowIfDisposed()
    {
        if (_disposed)
        {
            ThrowHelper.ThrowObjectDisposedException(nameof(PooledBufferWriter<T>));
        }
    }

    /// <summary>What the debugger shows of a writer: its counts and the first written elements.</summary>
    internal sealed class DebugView
    {
        private readonly PooledBufferWriter<T> _writer;

        public DebugView(PooledBufferWriter<T> writer)
        {
            _writer = writer;
        }

        public bool IsDisposed => _writer._disposed;

        public int Length => _writer._disposed ? 0 : _writer._index;

        public int Capacity => _writer._buffer.Length;

        /// <summary>The first written elements, at most <see cref="DebugViews.MaximumItems"/>.</summary>
        [DebuggerBrowsable(DebuggerBrowsableState.RootHidden)]
        public T[] Items => DebugViews.Head(new ReadOnlySpan<T>(_writer._buffer, 0, Length));
    }
}

using System;
using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Eddy.Internal;
using Eddy.Pooling;

namespace Eddy.Buffers;

/// <summary>
/// A growable buffer made of a chain of pooled chunks: an <see cref="IBufferWriter{T}"/> that never copies
/// on growth, reads back as a <see cref="ReadOnlySequence{T}"/> without allocating, supports FIFO consumption
/// from the front and random access by position, and holds more than 2 GiB.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <remarks>
/// <para>
/// Chunks grow geometrically: the first holds <c>initialChunkLength</c> elements (default 4 KiB worth of
/// elements), each next one a quarter of everything held so far, rounded down to a power of two and at least the
/// first's, up to <c>maximumChunkLength</c> (default 1 MiB worth), so the free tail of the last chunk stays below a
/// quarter of the content. A
/// <see cref="GetSpan(int)"/> or <see cref="GetMemory(int)"/> asking for more than the current chunk has
/// left gets a fresh chunk at least that big; the unused tail of the previous chunk is simply skipped.
/// </para>
/// <para>
/// Rules of use: a span or memory from <see cref="GetSpan(int)"/> is invalid after <see cref="Advance(int)"/>
/// or any other call that writes; a <see cref="ReadOnlySequence{T}"/> from <see cref="GetReadOnlySequence"/>
/// is invalid after any call that writes, consumes, resets or disposes. Dispose exactly once when done (a
/// second call does nothing). Not thread-safe.
/// </para>
/// </remarks>
public sealed partial class SegmentedBuffer<T> : IBufferWriter<T>, IDisposable
{
    /// <summary>Bytes in the first chunk when the caller names no length.</summary>
    internal const int DefaultInitialChunkBytes = 4 * 1024;

    /// <summary>Bytes in the largest chunk when the caller names no length.</summary>
    internal const int DefaultMaximumChunkBytes = 1024 * 1024;

    // Null for the default pool: a constructor then stores no reference (no GC write barrier).
    private readonly ArrayPool<T>? _pool;
    private readonly int _initialChunkLength;
    private readonly int _maximumChunkLength;
    private int _nextChunkLength;

    // Set by an owner that promises clear-on-return (a stream): every chunk that may hold what was written goes
    // back to the pool with clearArray. Every chunk that has been the write chunk may: besides its content, it may
    // hold bytes written into a span from GetSpan/GetMemory and never committed (the span runs to the chunk's end).
    // Chunks past the write chunk are spares, rented and never written (Clear clears those it makes), so
    // they go back as they are. Nothing on the write paths looks at this.
    private readonly bool _clearOnReturn;

    // _chunks[0.._chunkCount) are owned; [0.._writeIndex] hold data (0 is the head), the rest are spares
    // pre-allocated by EnsureCapacity or kept by Clear. The first chunk starts bare: _chunkCount 0 and
    // _writeArray rented, with no segment and no list, so a buffer that never outgrows it takes neither; the
    // operations that walk the list attach it first (AttachBareChunk). The list is null until then (no reference
    // stored), and is read only where _chunkCount is above 0, or by AddFirstSegment and Dispose, which check.
    private BufferSegment<T>[] _chunks = null!;
    private int _chunkCount;
    private int _writeIndex;

    // The write cursor. _writePos is the authoritative count of the write chunk (its Count is only synced
    // by SyncWriteChunk before cold operations), so a sequential write touches two fields and nothing else.
    private T[] _writeArray = [];
    private int _writePos;
    private long _writeStart;

    // Free elements of the span the last GetSpan/GetMemory handed out (0: none, or already advanced), so that
    // Advance refuses a count past it or without it. Every other call that writes clears it.
    private int _handedOut;

    /// <summary>The length of the span the last GetSpan/GetMemory handed out; 0 when none is outstanding.</summary>
    internal int HandedOut => _handedOut;

    // Running index of the first unconsumed element, and its offset in _chunks[0].
    private long _headStart;
    private int _headOffset;

    // The chunk random access touched last, so that reads and writes at increasing positions are O(1).
    private int _cursor;
    private bool _disposed;

    /// <summary>Creates an empty buffer; no memory is rented until the first write.</summary>
    /// <param name="pool">The pool chunks are rented from and returned to; null for the library's default pool.</param>
    /// <param name="initialChunkLength">Elements in the first chunk; 0 for 4 KiB worth.</param>
    /// <param name="maximumChunkLength">The cap on geometric chunk growth, in elements; 0 for 1 MiB worth.</param>
    /// <exception cref="ArgumentOutOfRangeException">A length is negative, or <paramref name="maximumChunkLength"/> is below <paramref name="initialChunkLength"/>.</exception>
    public SegmentedBuffer(ArrayPool<T>? pool = null, int initialChunkLength = 0, int maximumChunkLength = 0)
    {
        ThrowHelper.ThrowIfNegative(initialChunkLength);
        ThrowHelper.ThrowIfNegative(maximumChunkLength);

        int elementSize = ElementSize();
        int defaultMax = Math.Max(1, DefaultMaximumChunkBytes / elementSize);
        int defaultInitial = Math.Max(1, DefaultInitialChunkBytes / elementSize);

        if (maximumChunkLength == 0)
        {
            maximumChunkLength = Math.Max(defaultMax, initialChunkLength);
        }

        if (initialChunkLength == 0)
        {
            initialChunkLength = Math.Min(defaultInitial, maximumChunkLength);
        }

        if (maximumChunkLength < initialChunkLength)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(maximumChunkLength), maximumChunkLength, "The maximum chunk length must not be below the initial chunk length.");
        }

        _pool = pool;
        _initialChunkLength = initialChunkLength;
        _maximumChunkLength = maximumChunkLength;
        _nextChunkLength = initialChunkLength;
    }

    /// <summary>
    /// Creates an empty buffer that, when <paramref name="clearOnReturn"/> is set, hands every chunk that may hold
    /// written elements (committed or only written into a span handed out) back to the pool with <c>clearArray</c>.
    /// </summary>
    internal SegmentedBuffer(ArrayPool<T>? pool, int initialChunkLength, int maximumChunkLength, bool clearOnReturn)
        : this(pool, initialChunkLength, maximumChunkLength)
    {
        _clearOnReturn = clearOnReturn;
    }

    /// <summary>Whether chunks that may hold written elements go back to the pool cleared.</summary>
    internal bool ClearsOnReturn => _clearOnReturn;

    /// <summary>The number of elements held: written minus consumed.</summary>
    public long Length
    {
        get
        {
            ThrowIfDisposed();
            return _writeStart + _writePos - _headStart;
        }
    }

    /// <summary>
    /// How many elements the buffer can hold without renting another chunk: <see cref="Length"/>, the free
    /// tail of the current chunk and every spare chunk.
    /// </summary>
    public long Capacity
    {
        get
        {
            ThrowIfDisposed();
            long capacity = _writeStart + _writeArray.Length - _headStart;
            for (int i = _writeIndex + 1; i < _chunkCount; i++)
            {
                capacity += _chunks[i].Array.Length;
            }

            return capacity;
        }
    }

    /// <summary>The number of chunks the buffer owns, spares included.</summary>
    internal int ChunkCount => _chunkCount != 0 || _writeArray.Length == 0 ? _chunkCount : 1;

    /// <summary>The configured first-chunk length, in elements.</summary>
    internal int InitialChunkLength => _initialChunkLength;

    /// <summary>The configured cap on chunk growth, in elements.</summary>
    internal int MaximumChunkLength => _maximumChunkLength;

    /// <summary>
    /// Returns a span to write into, at least <paramref name="sizeHint"/> elements long (at least 1 when 0).
    /// When the current chunk has less left, a fresh chunk big enough is taken; nothing is ever staged in a
    /// temporary buffer.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="sizeHint"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Span<T> GetSpan(int sizeHint = 0)
    {
        T[] array = _writeArray;
        int position = _writePos;
        // One signed 64-bit compare covers a negative hint (zero-extended, so huge) and the disposed state
        // (free space -1): both fall to the slow path.
        int free = array.Length - position;
        if (unchecked((long)(uint)sizeHint) < (long)free)
        {
            _handedOut = free;
            return ArrayAccess.UncheckedSlice(array, position, free);
        }

        return GetSpanSlow(sizeHint);
    }

    /// <summary>Like <see cref="GetSpan(int)"/>, as <see cref="Memory{T}"/>.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="sizeHint"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Memory<T> GetMemory(int sizeHint = 0)
    {
        if (unchecked((long)(uint)sizeHint) >= (long)(_writeArray.Length - _writePos))
        {
            PrepareWrite(sizeHint);
        }

        int free = _writeArray.Length - _writePos;
        _handedOut = free;
        return new Memory<T>(_writeArray, _writePos, free);
    }

    /// <summary>
    /// Hands out the free tail of the write chunk as <see cref="GetMemory(int)"/> would, but never rents: false when
    /// there is no free element (the chunk is full, there is none yet, or the buffer is disposed).
    /// </summary>
    internal bool TryGetFreeTail(out ArraySegment<T> free)
    {
        int length = _writeArray.Length - _writePos;
        if (length <= 0)
        {
            free = default;
            return false;
        }

        _handedOut = length;
        free = new ArraySegment<T>(_writeArray, _writePos, length);
        return true;
    }

    /// <summary>
    /// Commits <paramref name="count"/> elements written into the span or memory the last <see cref="GetSpan(int)"/>
    /// or <see cref="GetMemory(int)"/> handed out; that span is then spent. <c>Advance(0)</c> commits nothing.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    /// <exception cref="InvalidOperationException"><paramref name="count"/> is positive and no span is outstanding (no
    /// GetSpan/GetMemory since the last Advance or write), or <paramref name="count"/> is past the end of that span.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Advance(int count)
    {
        // 1 <= count <= the span handed out; 0, negative, too far, no span and disposed (nothing outstanding) all
        // take the slow path.
        if (unchecked((uint)(count - 1)) < (uint)_handedOut)
        {
            _handedOut = 0;
            _writePos += count;
            return;
        }

        AdvanceSlow(count);
    }

    /// <summary>Appends <paramref name="source"/> at the end.</summary>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public void Write(ReadOnlySpan<T> source)
    {
        _handedOut = 0;
        int free = _writeArray.Length - _writePos;
        if (free >= 0 && source.Length <= free)
        {
            BlockCopy.Copy(source, new Span<T>(_writeArray, _writePos, free));
            _writePos += source.Length;
            return;
        }

        ThrowIfDisposed();
        Append(source);
    }

    /// <summary>
    /// Returns the held elements as a sequence over the chunks themselves; allocates nothing.
    /// </summary>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ReadOnlySequence<T> GetReadOnlySequence()
    {
        if (_writeIndex == 0 && _writePos > _headOffset && !_disposed)
        {
            // Everything is in the write chunk, the first: a sequence over its array, built in the caller.
            return new ReadOnlySequence<T>(_writeArray, _headOffset, _writePos - _headOffset);
        }

        return GetReadOnlySequenceSlow();
    }

    private ReadOnlySequence<T> GetReadOnlySequenceSlow()
    {
        ThrowIfDisposed();
        if (_writeStart + _writePos == _headStart)
        {
            return ReadOnlySequence<T>.Empty;
        }

        // Not empty, and not all in the first chunk (GetReadOnlySequence took that): more than one chunk.
        SyncWriteChunk();
        // A chunk just opened by GetSpan but not yet written is left out.
        int last = _writePos != 0 ? _writeIndex : _writeIndex - 1;
        BufferSegment<T> first = _chunks[0];
        if (last == 0)
        {
            return new ReadOnlySequence<T>(first.Array, _headOffset, first.Count - _headOffset);
        }

        for (int i = 0; i < last; i++)
        {
            _chunks[i].Publish(_chunks[i + 1]);
        }

        BufferSegment<T> end = _chunks[last];
        end.Publish(null);
        return new ReadOnlySequence<T>(first, _headOffset, end, end.Count);
    }

    /// <summary>Copies every held element to <paramref name="destination"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="Length"/>.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public void CopyTo(Span<T> destination)
    {
        if ((ulong)destination.Length < (ulong)Length)
        {
            ThrowHelper.ThrowArgumentException("The destination is shorter than the buffer's length.", nameof(destination));
        }

        CopyTo(0, destination);
    }

    /// <summary>Copies the held elements into a new array.</summary>
    /// <exception cref="InvalidOperationException"><see cref="Length"/> exceeds the largest possible array.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public T[] ToArray()
    {
        long length = Length;
        if (length == 0)
        {
            return [];
        }

        if (length > ArrayAccess.MaxLength)
        {
            ThrowHelper.ThrowInvalidOperationException("The buffer holds more elements than an array can.");
        }

        T[] array = ArrayAccess.AllocateUninitialized<T>((int)length);
        CopyTo(0, array);
        return array;
    }

    /// <summary>
    /// Drops <paramref name="count"/> elements from the front (FIFO), returning every chunk emptied this way
    /// to the pool. When nothing is left the write chunk is rewound and kept.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative or above <see cref="Length"/>.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public void Consume(long count)
    {
        _handedOut = 0;
        long length = Length;
        if (count < 0 || count > length)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(count), count, "The count must be between 0 and the buffer's length.");
        }

        if (count == 0)
        {
            return;
        }

        if (count == length)
        {
            // Everything consumed: keep only the write chunk, rewound to empty.
            ReleaseChunks(0, _writeIndex);
            RewindEmpty();
            return;
        }

        SyncWriteChunk();
        long newHead = _headStart + count;
        int drop = 0;
        while (_chunks[drop].Start + _chunks[drop].Count <= newHead)
        {
            drop++;
        }

        ReleaseChunks(0, drop);
        _headStart = newHead;
        _headOffset = (int)(newHead - _chunks[0].Start);
    }

    /// <summary>
    /// Empties the buffer and keeps every chunk for the next writes, so refilling it to the same length rents
    /// nothing. To empty it and return the chunks, call <see cref="Reset"/>.
    /// </summary>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public void Clear()
    {
        ThrowIfDisposed();
        _handedOut = 0;
        if (_clearOnReturn)
        {
            // The chunks after the first become spares, which go back to the pool as they are: clear them now.
            for (int i = 1; i <= _writeIndex && i < _chunkCount; i++)
            {
                _chunks[i].Array.AsSpan().Clear();
            }
        }

        for (int i = 0; i < _chunkCount; i++)
        {
            _chunks[i].Count = 0;
        }

        RewindEmpty();
    }

    /// <summary>
    /// Empties the buffer and returns every chunk to the pool; the buffer stays usable, and its next write rents
    /// again. To empty it and keep the chunks, call <see cref="Clear"/>.
    /// </summary>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public void Reset()
    {
        ThrowIfDisposed();
        _handedOut = 0;
        if (_chunkCount == 0 && _writeArray.Length != 0)
        {
            ReturnArray(_writeArray);
        }

        ReleaseChunks(0, _chunkCount);
        DisarmGuard();
        _writeArray = [];
        _writePos = 0;
        _writeStart = 0;
        _headStart = 0;
        _headOffset = 0;
        _writeIndex = 0;
        _cursor = 0;
        _nextChunkLength = _initialChunkLength;
    }

    /// <summary>Returns every chunk to the pool exactly once. Later calls do nothing; any other use throws.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _handedOut = 0;
        DisarmGuard();
        BufferSegment<T>[] chunks = _chunks;
        if (_chunkCount == 0)
        {
            // Nothing rented, or a bare first chunk: no segment to clear. The return is inlined here, where a
            // buffer that stayed in one chunk ends.
            if (_writeArray.Length != 0)
            {
                ReturnArrayInlined(_writeArray, _clearOnReturn);
            }

            ReturnChunkSlots(chunks);
        }
        else
        {
            // The first segment stays in the list, cleared, so both go back as one kit.
            ReleaseChunks(1, _chunkCount);
            BufferSegment<T> head = chunks[0];
            T[] array = head.Array;
            head.Clear();
            _chunkCount = 0;
            ReturnArray(array);
            ChunkSlots<T>.ReturnWithSegment(chunks);
        }

        _chunks = null!;
        // Free space of -1 sends every GetSpan and Advance down the slow path, which throws.
        _writeArray = [];
        _writePos = 1;
        _writeStart = 0;
        _headStart = 0;
        _headOffset = 0;
        _writeIndex = 0;
        _cursor = 0;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private Span<T> GetSpanSlow(int sizeHint)
    {
        PrepareWrite(sizeHint);
        int free = _writeArray.Length - _writePos;
        _handedOut = free;
        return new Span<T>(_writeArray, _writePos, free);
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

    /// <summary>Makes the write chunk have at least max(<paramref name="sizeHint"/>, 1) free elements.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void PrepareWrite(int sizeHint)
    {
        ThrowIfDisposed();
        ThrowHelper.ThrowIfNegative(sizeHint);
        int need = sizeHint == 0 ? 1 : sizeHint;
        if (_writeArray.Length - _writePos < need)
        {
            OpenChunk(need);
        }
    }

    /// <summary>Moves the write cursor to a chunk with at least <paramref name="need"/> free elements.</summary>
    private void OpenChunk(int need)
    {
        if (_chunkCount == 0)
        {
            if (_writeArray.Length == 0 || _writePos == 0)
            {
                OpenBareChunk(need);
                return;
            }

            AttachBareChunk();
        }

        BufferSegment<T> current = _chunks[_writeIndex];
        if (_writePos == 0)
        {
            // Nothing written here yet (so it is the head or a fresh chunk): swap in a bigger array rather
            // than leave an empty chunk in the chain.
            T[] bigger = RentChunkArray(need);
            ReturnArray(current.Array);
            current.Array = bigger;
            _writeArray = bigger;
            return;
        }

        current.Count = _writePos;
        long nextStart = _writeStart + _writePos;
        int next = _writeIndex + 1;
        BufferSegment<T> target;
        if (next < _chunkCount)
        {
            target = _chunks[next];
            if (target.Array.Length < need)
            {
                T[] bigger = RentChunkArray(need);
                ReturnSpare(target.Array);
                target.Array = bigger;
            }
        }
        else
        {
            EnsureChunkSlots(next + 1);
            T[] array = RentChunkArray(need);
            target = BufferSegmentPool<T>.Rent();
            target.Array = array;
            _chunks[next] = target;
            _chunkCount = next + 1;
        }

        target.Start = nextStart;
        target.Count = 0;
        SetWriteChunk(next, target, 0);
    }

    /// <summary>
    /// Makes a fresh array of at least <paramref name="need"/> elements the bare first chunk, in place of the bare
    /// chunk with nothing written yet that there may be.
    /// </summary>
    private void OpenBareChunk(int need)
    {
        Debug.Assert(_chunkCount == 0 && _writePos == 0);
        T[] bare = _writeArray;
        Debug.Assert(_nextChunkLength == _initialChunkLength || bare.Length > 4L * _initialChunkLength);
        T[] first = RentFromPool(Math.Max(need, _nextChunkLength));
        if (first.Length > 4L * _initialChunkLength)
        {
            // Up to four times the initial length, a quarter of what is held leaves the next chunk at the initial
            // length, where it is: the bare chunk only ever grows, so no earlier one has moved it.
            SizeNextChunk(first.Length);
        }

        if (bare.Length != 0)
        {
            ReturnArray(bare);
        }

        _writeIndex = 0;
        _writeArray = first;
        _writeStart = 0;
    }

    private void SetWriteChunk(int index, BufferSegment<T> segment, int position)
    {
        _writeIndex = index;
        _writeArray = segment.Array;
        _writePos = position;
        _writeStart = segment.Start;
    }

    /// <summary>Rents a chunk of at least <paramref name="need"/> elements and sets the next chunk's length.</summary>
    private T[] RentChunkArray(int need)
    {
        T[] array = RentFromPool(Math.Max(need, _nextChunkLength));
        SizeNextChunk(array.Length);
        return array;
    }

    /// <summary>
    /// Sizes the next chunk at a quarter of everything held (the chunks in the list plus
    /// <paramref name="pendingLength"/>, one just rented or adopted), rounded down to a power of two and kept
    /// within [initial, maximum] chunk length. Chunks still grow geometrically (four of a size, then twice that),
    /// but the free tail of the last chunk stays below a quarter of the content, where doubling would leave up to
    /// half of the memory unused. It runs per chunk opened, never per write.
    /// </summary>
    private void SizeNextChunk(int pendingLength)
    {
        if (_nextChunkLength == _maximumChunkLength)
        {
            // Already at the cap: only a Reset starts the growth again.
            return;
        }

        // The sum stops where a quarter of it reaches the cap, so it reads a few dozen chunks at most.
        long held = pendingLength;
        long enough = 4L * _maximumChunkLength;
        BufferSegment<T>[] chunks = _chunks;
        for (int i = 0; i < _chunkCount && held < enough; i++)
        {
            held += chunks[i].Array.Length;
        }

        long quarter = Math.Min(held >> 2, _maximumChunkLength);
        int next = quarter <= 1 ? 1 : 1 << SizeClass.Log2((uint)quarter);
        _nextChunkLength = Math.Min(_maximumChunkLength, Math.Max(_initialChunkLength, next));
    }

    /// <summary>Returns a chunk that is or has been the write chunk (cleared when the owner asked for that).</summary>
    // Called, not inlined: the pool's Return would be copied into every cold caller.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReturnArray(T[] array) => ReturnArrayInlined(array, _clearOnReturn);

    /// <summary>Returns a spare chunk: rented and never written since, so never cleared.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReturnSpare(T[] array) => ReturnArrayInlined(array, clear: false);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ReturnArrayInlined(T[] array, bool clear)
    {
        if (OnSharedBlockPool)
        {
            if (array.Length != 0)
            {
                BlockPool.Shared.Return((byte[])(object)array, clear);
            }

            return;
        }

        PooledArrays.Return(Pool, array, clear);
    }

    // The default byte pool is called through its sealed type, so the JIT inlines Rent and Return: through
    // ArrayPool<T> each is a virtual call, a sizeable part of a small buffer's fixed cost. For byte the type
    // test and the casts are folded away at JIT time.
    private bool OnSharedBlockPool => typeof(T) == typeof(byte) && (_pool is null || ReferenceEquals(_pool, BlockPool.Shared));

    /// <summary>The pool chunks come from.</summary>
    private ArrayPool<T> Pool => _pool ?? DefaultPool<T>.Instance;

    private T[] RentFromPool(int minimumLength)
    {
        if (!_trackingDecided)
        {
            DecideTracking();
        }

        if (OnSharedBlockPool)
        {
            return (T[])(object)BlockPool.Shared.Rent(minimumLength);
        }

        return PooledArrays.Rent(Pool, minimumLength);
    }

    /// <summary>Returns chunks [<paramref name="from"/>, <paramref name="to"/>) and closes the gap in the list.</summary>
    private void ReleaseChunks(int from, int to)
    {
        if (from >= to)
        {
            return;
        }

        for (int i = from; i < to; i++)
        {
            BufferSegment<T> segment = _chunks[i];
            _chunks[i] = null!;
            if (i <= _writeIndex)
            {
                ReturnArray(segment.Array);
            }
            else
            {
                ReturnSpare(segment.Array);
            }

            segment.Clear();
            BufferSegmentPool<T>.Return(segment);
        }

        int removed = to - from;
        int tail = _chunkCount - to;
        if (tail > 0)
        {
            Array.Copy(_chunks, to, _chunks, from, tail);
            Array.Clear(_chunks, from + tail, removed);
        }

        _chunkCount -= removed;
        if (_writeIndex >= to)
        {
            _writeIndex -= removed;
        }
        else if (_writeIndex >= from)
        {
            _writeIndex = from == 0 ? 0 : from - 1;
        }

        _cursor = 0;
    }

    /// <summary>Leaves the buffer empty with chunk 0 (if any) as the write chunk at position 0.</summary>
    private void RewindEmpty()
    {
        _headStart = 0;
        _headOffset = 0;
        _cursor = 0;
        if (_chunkCount == 0)
        {
            // Nothing rented, or a bare first chunk, which stays.
            _writeIndex = 0;
            _writePos = 0;
            _writeStart = 0;
            return;
        }

        BufferSegment<T> head = _chunks[0];
        head.Start = 0;
        head.Count = 0;
        SetWriteChunk(0, head, 0);
    }

    /// <summary>
    /// Puts a cleared segment (<see cref="BufferSegment{T}.Start"/> 0) in the empty list's first slot and counts it:
    /// before the list exists, the list and the segment come together from this thread's kit.
    /// </summary>
    private BufferSegment<T> AddFirstSegment()
    {
        Debug.Assert(_chunkCount == 0);
        BufferSegment<T> segment;
        if (_chunks is null)
        {
            _chunks = ChunkSlots<T>.RentWithSegment();
            segment = _chunks[0];
        }
        else
        {
            segment = BufferSegmentPool<T>.Rent();
            _chunks[0] = segment;
        }

        _chunkCount = 1;
        return segment;
    }

    /// <summary>Makes room for <paramref name="count"/> chunk references; the list itself is pooled too.</summary>
    private void EnsureChunkSlots(int count)
    {
        if (_chunks.Length < count)
        {
            GrowChunkSlots(count);
        }
    }

    private void GrowChunkSlots(int count)
    {
        BufferSegment<T>[] old = _chunks;
        BufferSegment<T>[] grown = ChunkSlots<T>.Rent(Math.Max(count, old.Length * 2));
        Array.Copy(old, grown, _chunkCount);
        _chunks = grown;
        ReturnChunkSlots(old);
    }

    private static void ReturnChunkSlots(BufferSegment<T>[]? slots)
    {
        if (slots is not null)
        {
            ChunkSlots<T>.Return(slots);
        }
    }

    /// <summary>
    /// Brings the write chunk's <see cref="BufferSegment{T}.Count"/> up to date for cold operations, which walk the
    /// chunk list: a bare first chunk is attached to it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void SyncWriteChunk()
    {
        if (_chunkCount != 0)
        {
            _chunks[_writeIndex].Count = _writePos;
        }
        else
        {
            AttachBareChunk();
        }
    }

    /// <summary>Gives a bare first chunk its segment, in the list's first slot; does nothing in any other state.</summary>
    private void AttachBareChunk()
    {
        if (_chunkCount == 0 && _writeArray.Length != 0)
        {
            BufferSegment<T> segment = AddFirstSegment();
            segment.Array = _writeArray;
            segment.Count = _writePos;
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ThrowIfDisposed()
    {
        if (_disposed)
        {
            ThrowHelper.ThrowObjectDisposedException(nameof(SegmentedBuffer<T>));
        }
    }

    private static int ElementSize() => ArrayAccess.ElementSize<T>();
}

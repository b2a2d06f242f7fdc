using System;
using System.Buffers;
using System.Diagnostics;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using Eddy.Buffers;
using Eddy.Internal;
using Eddy.Lifetime;
using Eddy.Pooling;

namespace Eddy;

/// <summary>
/// A drop-in <see cref="MemoryStream"/> on pooled memory: one contiguous pooled array while small, a chain of
/// pooled chunks past <see cref="PooledMemoryStreamOptions.SegmentThreshold"/>, and an
/// <see cref="IBufferWriter{T}"/> over the same bytes.
/// </summary>
/// <remarks>
/// <para>Nothing is rented before the first write. Every array goes back to the pool on <see cref="Stream.Dispose()"/>.
/// The stream has no finalizer: a segmented stream dropped undisposed gets its chunks back at a later Gen2
/// collection through a recycled rescue guard, counted as a leak by <see cref="Diagnostics.LeakTracker"/>; a small
/// contiguous one does too when its first rent was sampled (one in <see cref="Diagnostics.LeakTracker.SamplingInterval"/>),
/// and otherwise leaves its array to the garbage collector. Dispose anyway.</para>
/// <para>Not thread-safe: one stream must not be used by two threads at once. The pools beneath it are thread-safe.</para>
/// <para>Behaves as <see cref="MemoryStream"/> does, member by member, including exception types and parameter
/// names; the differences (lengths past 2 GiB, <see cref="ToArray"/> after dispose, ...) are listed in docs/stream.md.</para>
/// </remarks>
public sealed partial class PooledMemoryStream : Stream, IBufferWriter<byte>
{
    /// <summary>The largest array .NET allocates for bytes (Array.MaxLength).</summary>
    internal const int ArrayMaxLength = 0x7FFFFFC7;

    // The options of read-only streams: Contiguous, so their Position and Length stop at int.MaxValue as
    // MemoryStream's do.
    private static readonly PooledMemoryStreamOptions s_readOnlyOptions = new() { Mode = PooledMemoryStreamMode.Contiguous };

    // The write fast paths store into _array[_relativePosition] while that index is below _array.Length and no
    // gap lies before it. Contiguous: _array is the buffer. Segmented: _array is the write chunk opened by an append
    // (the window: the chunk's free tail runs to its end), null otherwise; bytes written through it past the
    // segmented buffer's Length are committed by SettlePending.
    private byte[]? _array;

    // What few streams use lives in a side object (RareFields), created on first need, so the common short-lived
    // stream object stays small and its Dispose has less to reset: the segmented buffer, the read-only bytes, the
    // IBufferWriter scratch array, the owning pool. Null for a default stream that has stayed contiguous; the
    // options object itself for a stream with other options that needs nothing else (so those options cost no
    // side object); otherwise the side object, which then holds the options.
    private object? _optionsOrRare;

    // Position and Length, as ints so the stream object is as small as a MemoryStream-like stream can be.
    // Contiguous and read-only streams never pass int.MaxValue: these are the values. A segmented stream's values
    // are long: these are offsets from RareFields.PositionBase and LengthBase, which share the window's start while
    // a window is open (so the fast paths index _array with _relativePosition) and otherwise hold the values (the
    // offsets then 0). CurrentPosition/CurrentLength read them and SetCurrentPosition/SetCurrentLength write them.
    private int _relativePosition;
    private int _relativeLength;

    // What the last GetSpan/GetMemory handed out, so that Advance can refuse a span that is spent, stale or too
    // short: NoSpan (none, or already advanced); OtherSpan (a segmented span or a scratch array, whose own length
    // bounds the count); or, negative, the bitwise complement of the Position of a span straight into the
    // contiguous array, which runs to the array's end. Advance refuses such a span once the fast paths have moved
    // Position. The default (0) is NoSpan.
    private const int NoSpan = 0;
    private const int OtherSpan = 1;
    private int _spanMark;
    private StreamKind _kind;

    private const int WindowWriteLimit = 256;

    /// <summary>Creates an empty, writable stream with the default options. Nothing is rented until the first write.</summary>
    public PooledMemoryStream()
        : this((PooledMemoryStreamOptions?)null)
    {
    }

    /// <summary>Creates an empty, writable stream. Nothing is rented until the first write.</summary>
    /// <param name="options">The settings; null means <see cref="PooledMemoryStreamOptions.Default"/>.</param>
    public PooledMemoryStream(PooledMemoryStreamOptions? options)
    {
        // The defaults are not stored: a default stream's constructor then allocates nothing and stores no
        // reference (no GC write barrier). Every mode starts Contiguous: a Segmented stream's first chunk is a
        // plain array until it is full.
        if (options is not null && !ReferenceEquals(options, PooledMemoryStreamOptions.Default))
        {
            _optionsOrRare = options;
        }
    }

    /// <summary>Creates an empty, writable stream that rents from <paramref name="pool"/> and reserves <paramref name="initialCapacity"/> bytes on its first write.</summary>
    /// <param name="pool">The pool; null means Eddy's default pool.</param>
    /// <param name="initialCapacity">The capacity the first write rents at least.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="initialCapacity"/> is negative.</exception>
    public PooledMemoryStream(ArrayPool<byte>? pool, int initialCapacity = 0)
        : this(new PooledMemoryStreamOptions { Pool = pool, InitialCapacity = ValidCapacity(initialCapacity) })
    {
    }

    /// <summary>Creates a read-only stream over <paramref name="buffer"/>; the array is neither copied nor pooled.</summary>
    /// <param name="buffer">The bytes to read. The caller keeps ownership.</param>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is null.</exception>
    public PooledMemoryStream(byte[] buffer)
        : this(new ReadOnlyMemory<byte>(buffer ?? ThrowBufferNull()))
    {
    }

    /// <summary>Creates a read-only stream over <paramref name="memory"/>; the bytes are neither copied nor pooled.</summary>
    /// <param name="memory">The bytes to read. The caller keeps ownership.</param>
    public PooledMemoryStream(ReadOnlyMemory<byte> memory)
    {
        _optionsOrRare = new RareFields { Options = s_readOnlyOptions, ReadOnly = memory };
        _relativeLength = memory.Length;
        _kind = StreamKind.ReadOnly;
    }

    /// <summary>A stream owned by <paramref name="owner"/>: it starts returned (disposed) until the pool rents it.</summary>
    internal PooledMemoryStream(PooledMemoryStreamPool owner, PooledMemoryStreamOptions options)
        : this(options)
    {
        Rare.Owner = owner;
        _kind = StreamKind.Disposed;
    }

    private enum StreamKind : byte
    {
        Contiguous = 0,
        Segmented = 1,
        ReadOnly = 2,
        Disposed = 3,
    }

    /// <summary>The options this stream was created with.</summary>
    public PooledMemoryStreamOptions Options => Settings;

    /// <summary>True while the bytes live in one array (<see cref="TryGetBuffer"/> and <see cref="DangerousGetArraySegment"/> then work without copying).</summary>
    public bool IsContiguous => _kind is StreamKind.Contiguous or StreamKind.ReadOnly;

    /// <inheritdoc/>
    public override bool CanRead => _kind != StreamKind.Disposed;

    /// <inheritdoc/>
    public override bool CanSeek => _kind != StreamKind.Disposed;

    /// <inheritdoc/>
    public override bool CanWrite => _kind <= StreamKind.Segmented;

    /// <inheritdoc/>
    public override long Length
    {
        get
        {
            EnsureNotClosed();
            return CurrentLength;
        }
    }

    /// <inheritdoc/>
    /// <remarks>May be set past <see cref="Length"/>; the next write fills the gap with zeros, or throws
    /// <see cref="IOException"/> when the gap would be longer than <see cref="PooledMemoryStreamOptions.MaximumGapLength"/>.
    /// Up to <see cref="int.MaxValue"/> like <see cref="MemoryStream"/> in contiguous and read-only mode, up to
    /// <see cref="long.MaxValue"/> otherwise.</remarks>
    public override long Position
    {
        get
        {
            EnsureNotClosed();
            return CurrentPosition;
        }
        set
        {
            // Every mode allows up to int.MaxValue, so the usual value needs no look at the options.
            if (unchecked((ulong)value) > int.MaxValue)
            {
                ThrowIfPositionOutOfRange(value);
            }

            EnsureNotClosed();
            SetCurrentPosition(value);
            _spanMark = NoSpan;
        }
    }

    /// <summary>Position, whatever the layout (no disposed check).</summary>
    private long CurrentPosition
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _kind == StreamKind.Segmented ? SegmentedRare.PositionBase + _relativePosition : _relativePosition;
    }

    /// <summary>Length, whatever the layout (no disposed check).</summary>
    private long CurrentLength
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _kind == StreamKind.Segmented ? SegmentedRare.LengthBase + _relativeLength : _relativeLength;
    }

    /// <summary>The side object of a segmented stream, which always has one.</summary>
    private RareFields SegmentedRare
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => (RareFields)_optionsOrRare!;
    }

    /// <summary>Sets Position (already validated) whatever the layout.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void SetCurrentPosition(long value)
    {
        if (_kind != StreamKind.Segmented && unchecked((ulong)value) <= int.MaxValue)
        {
            _relativePosition = (int)value;
            return;
        }

        SetSegmentedPosition(value);
    }

    /// <summary>Sets Length (already validated) whatever the layout.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void SetCurrentLength(long value)
    {
        if (_kind != StreamKind.Segmented)
        {
            // A contiguous stream past an array's reach has switched to segments before its Length is set.
            Debug.Assert(unchecked((ulong)value) <= int.MaxValue, "A contiguous Length fits an array.");
            _relativeLength = (int)value;
            return;
        }

        SetSegmentedLength(value);
    }

    // The largest Position/Length: int.MaxValue like MemoryStream when contiguous-only or read-only, else long.MaxValue.
    private long MaxLength => Settings.Mode == PooledMemoryStreamMode.Contiguous ? int.MaxValue : long.MaxValue;

    private PooledMemoryStreamOptions Settings => CustomOptions ?? PooledMemoryStreamOptions.Default;

    private ArrayPool<byte> BytePool => Settings.EffectivePool;

    /// <summary>
    /// The least the first rent asks for: <see cref="PooledMemoryStreamOptions.InitialCapacity"/> (at least
    /// <see cref="PooledMemoryStreamOptions.MinimumRentLength"/>), or <see cref="PooledMemoryStreamOptions.DefaultInitialCapacity"/> when it is 0.
    /// </summary>
    private int FirstRentFloor => FirstRentFloorOf(Settings);

    private static int FirstRentFloorOf(PooledMemoryStreamOptions options)
    {
        if (options.Mode == PooledMemoryStreamMode.Segmented)
        {
            return options.FirstChunkLength;
        }

        int initialCapacity = options.InitialCapacity;
        return initialCapacity == 0
            ? PooledMemoryStreamOptions.DefaultInitialCapacity
            : Math.Max(initialCapacity, PooledMemoryStreamOptions.MinimumRentLength);
    }

    // The default pool is called through its sealed type, so the JIT can inline Rent and Return: through
    // ArrayPool<byte> each would be a virtual call behind a generic static lookup, a third of a tiny stream's cost.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private byte[] RentArray(int minimumLength)
    {
        ArrayPool<byte>? pool = CustomOptions?.Pool;
        return pool is null ? BlockPool.Shared.Rent(minimumLength) : pool.Rent(minimumLength);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ReturnArray(byte[] array, bool clearArray = false)
    {
        ArrayPool<byte>? pool = CustomOptions?.Pool;
        if (pool is null)
        {
            BlockPool.Shared.Return(array, clearArray);
        }
        else
        {
            pool.Return(array, clearArray);
        }
    }

    /// <summary>The side object, or null when the stream has none.</summary>
    private RareFields? RareOrNull
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _optionsOrRare as RareFields;
    }

    /// <summary>The options when they are not <see cref="PooledMemoryStreamOptions.Default"/>, or null.</summary>
    private PooledMemoryStreamOptions? CustomOptions
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _optionsOrRare is RareFields rare ? rare.Options : (PooledMemoryStreamOptions?)_optionsOrRare;
    }

    /// <summary>The side object, created (and given the options) on first need.</summary>
    private RareFields Rare => _optionsOrRare as RareFields ?? CreateRare();

    private RareFields CreateRare()
    {
        var rare = new RareFields { Options = (PooledMemoryStreamOptions?)_optionsOrRare };
        _optionsOrRare = rare;
        return rare;
    }

    /// <inheritdoc/>
    public override long Seek(long offset, SeekOrigin origin)
    {
        EnsureNotClosed();
        long target = StreamArguments.SeekTarget(offset, origin, CurrentPosition, CurrentLength, MaxLength);
        SetCurrentPosition(target);
        _spanMark = NoSpan;
        return target;
    }

    /// <inheritdoc/>
    /// <remarks>Growing fills the new bytes with zeros, and throws <see cref="ArgumentOutOfRangeException"/> before
    /// changing anything when it would add more than <see cref="PooledMemoryStreamOptions.MaximumGapLength"/> bytes;
    /// shrinking gives chunks past the new end back to the pool.</remarks>
    public override void SetLength(long value)
    {
        if (value < 0 || value > MaxLength)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(value), StreamLengthMessage);
        }

        // Like MemoryStream: a disposed stream is unwritable, so this reports NotSupported, not ObjectDisposed.
        EnsureWriteable();
        if (value - CurrentLength > Settings.MaximumGapLength)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(value), GapTooLongMessage);
        }

        SettlePending();

        if (_kind == StreamKind.Contiguous)
        {
            int length = _relativeLength;
            if (value > length)
            {
                if (EnsureContiguousCapacity(value))
                {
                    _array.AsSpan(length, (int)(value - length)).Clear();
                }
                else
                {
                    SegmentedSetLength(value);
                }
            }
        }
        else
        {
            SegmentedSetLength(value);
        }

        SetCurrentLength(value);
        if (CurrentPosition > value)
        {
            SetCurrentPosition(value);
        }
    }

    /// <inheritdoc/>
    public override void Flush()
    {
    }

    /// <summary>
    /// Empties the stream for reuse: Length and Position become 0 and every array goes back to the pool, so an
    /// idle stream holds no memory. The stream stays open.
    /// </summary>
    /// <exception cref="ObjectDisposedException">The stream is disposed.</exception>
    /// <exception cref="NotSupportedException">The stream is read-only.</exception>
    public void Reset()
    {
        EnsureNotClosed();
        EnsureWriteable();
        ReleaseStorage(keepSegmentObject: true);
        _kind = StreamKind.Contiguous;
    }

    /// <summary>
    /// Makes sure the stream can hold <paramref name="capacity"/> bytes without renting again (PooledStream's
    /// <c>Reserve</c>). In automatic mode a capacity past the threshold switches the stream to segments.
    /// </summary>
    /// <param name="capacity">The number of bytes the stream should be able to hold.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative or beyond the stream's maximum length.</exception>
    /// <exception cref="ObjectDisposedException">The stream is disposed.</exception>
    /// <exception cref="NotSupportedException">The stream is read-only.</exception>
    public void EnsureCapacity(long capacity)
    {
        ThrowHelper.ThrowIfNegative(capacity, nameof(capacity));
        if (capacity > MaxLength)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(capacity), StreamLengthMessage);
        }

        EnsureNotClosed();
        EnsureWriteable();
        SettlePending();
        if (_kind == StreamKind.Contiguous && EnsureContiguousCapacity(capacity))
        {
            return;
        }

        SegmentsToWrite.EnsureCapacity(capacity);
    }

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (_kind == StreamKind.Disposed)
        {
            return;
        }

        object? optionsOrRare = _optionsOrRare;
        if (optionsOrRare is not RareFields)
        {
            // The common short-lived stream: at most one contiguous array, nothing else to release.
            byte[]? array = _array;
            _array = null;
            _relativeLength = 0;
            _relativePosition = 0;
            _spanMark = NoSpan;
            _kind = StreamKind.Disposed;
            if (array is not null)
            {
                // One return to the default pool for default and custom options alike, so the JIT inlines it for
                // both: with a second call site for custom options, a profile showed that one called, not inlined.
                var options = (PooledMemoryStreamOptions?)optionsOrRare;
                bool clear = options is not null && options.ClearOnReturn;
                if (options?.Pool is { } pool)
                {
                    pool.Return(array, clear);
                }
                else
                {
                    BlockPool.Shared.Return(array, clear);
                }
            }

            base.Dispose(disposing);
            return;
        }

        if (RareOrNull?.Owner is { } owner && disposing)
        {
            owner.Return(this);
            return;
        }

        ReleaseStorage(keepSegmentObject: false);
        _kind = StreamKind.Disposed;
        base.Dispose(disposing);
    }

    /// <summary>Whether <paramref name="pool"/> handed this stream out (it goes back there on <c>Dispose</c>).</summary>
    internal bool IsFrom(PooledMemoryStreamPool pool) => ReferenceEquals(RareOrNull?.Owner, pool);

    /// <summary>Called by the owning pool when it hands the stream out.</summary>
    internal void Activate()
    {
        _kind = StreamKind.Contiguous;
    }

    /// <summary>Called by the owning pool when the stream comes back: storage to the pool, every member throws again.</summary>
    internal void Deactivate()
    {
        ReleaseStorage(keepSegmentObject: true);
        _kind = StreamKind.Disposed;
    }

    private void ReleaseStorage(bool keepSegmentObject)
    {
        SettlePending();
        DisarmGuard();
        byte[]? array = _array;
        _array = null;
        if (array is not null)
        {
            ReturnArray(array, Settings.ClearOnReturn);
        }

        SegmentedBuffer<byte>? segments = RareOrNull?.Segments;
        if (segments is not null)
        {
            // With clear-on-return the buffer clears the chunks it hands back (see CreateSegments).
            if (keepSegmentObject)
            {
                segments.Reset();
            }
            else
            {
                segments.Dispose();
                RareOrNull!.Segments = null;
            }
        }

        if (RareOrNull is { } rare)
        {
            rare.ReadOnly = default;
            rare.LastReadTask = null;
            rare.PositionBase = 0;
            rare.LengthBase = 0;
        }

        _relativeLength = 0;
        _relativePosition = 0;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowIfPositionOutOfRange(long value)
    {
        ThrowHelper.ThrowIfNegative(value, nameof(value));
        EnsureNotClosed();
        if (value > MaxLength)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(value), StreamLengthMessage);
        }
    }

    internal const string StreamLengthMessage = "Stream length must be non-negative and less than the stream's maximum length.";
    private const string StreamTooLongMessage = "Stream was too long.";
    private const string GapTooLongMessage = "The operation would leave more unwritten bytes between the end of the stream and the position than PooledMemoryStreamOptions.MaximumGapLength allows.";

    /// <summary>Refuses a write at <paramref name="position"/> that would open a gap longer than <see cref="PooledMemoryStreamOptions.MaximumGapLength"/>.</summary>
    private void ThrowIfGapTooLong(long position)
    {
        if (position - CurrentLength > Settings.MaximumGapLength)
        {
            ThrowHelper.ThrowIOException(GapTooLongMessage);
        }
    }

    private static int ValidCapacity(int capacity)
    {
        // MemoryStream names the parameter "capacity"; the options' own check would name it "value".
        ThrowHelper.ThrowIfNegative(capacity, nameof(capacity));
        return capacity;
    }

    private static byte[] ThrowBufferNull()
    {
        ThrowHelper.ThrowArgumentNullException("buffer");
        return null!;
    }

    /// <summary>The stream's seldom-used state; see <see cref="_optionsOrRare"/>.</summary>
    private sealed class RareFields
    {
        /// <summary>The options, when they are not <see cref="PooledMemoryStreamOptions.Default"/>; set when the side object is created, never changed.</summary>
        public PooledMemoryStreamOptions? Options;

        /// <summary>A segmented stream's Position is this plus <see cref="_relativePosition"/>.</summary>
        public long PositionBase;

        /// <summary>A segmented stream's Length is this plus <see cref="_relativeLength"/>.</summary>
        public long LengthBase;

        /// <summary>The chunks of a segmented stream, created on first need and kept across Reset.</summary>
        public SegmentedBuffer<byte>? Segments;

        /// <summary>The bytes of a read-only stream.</summary>
        public ReadOnlyMemory<byte> ReadOnly;

        /// <summary>IBufferWriter inside the content: the span handed out is this rented array, which Advance writes at <see cref="ScratchAt"/>.</summary>
        public byte[]? Scratch;

        /// <summary>The Position <see cref="Scratch"/> was handed out at.</summary>
        public long ScratchAt;

        /// <summary>
        /// The task the last <c>ReadAsync(byte[], ...)</c> returned, returned again for the same count as MemoryStream
        /// does; here, not in the stream, because most streams are never read asynchronously.
        /// </summary>
        public Task<int>? LastReadTask;

        /// <summary>Set while the stream belongs to a <see cref="PooledMemoryStreamPool"/>.</summary>
        public PooledMemoryStreamPool? Owner;

        /// <summary>
        /// Armed while the stream may hold pooled memory it is tracked for (chunks, or a sampled stream's array), so
        /// a stream dropped undisposed gives it back. Here rather than in the stream so that an unsampled contiguous
        /// stream, which never arms one, carries no field for it.
        /// </summary>
        public RescueGuard? RescueGuard;
    }
}

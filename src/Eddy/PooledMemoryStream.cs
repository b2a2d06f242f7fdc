using System;
using System.Buffers;
using System.IO;
using System.Runtime.CompilerServices;
using Eddy.Buffers;
using Eddy.Internal;
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
    // The options of read-only streams: Contiguous, so their Position and Length stop at int.MaxValue as
    // MemoryStream's do.
    private static readonly PooledMemoryStreamOptions s_readOnlyOptions = new() { Mode = PooledMemoryStreamMode.Contiguous };

    /// <summary>Creates an empty, writable stream with the default options. Nothing is rented until the first write.</summary>
    public PooledMemoryStream()
        : this((PooledMemoryStreamOptions?)null)
    {
    }

    /// <summary>Creates an empty, writable stream. Nothing is rented until the first write.</summary>
    /// <param name="options">The settings; null means <see cref="PooledMemoryStreamOptions.Default"/>.</param>
    /// <remarks><c>new PooledMemoryStream(null)</c> takes this constructor (C# 13 and later: a null literal also converts
    /// to <see cref="ReadOnlyMemory{T}"/>, through its conversion from an array).</remarks>
    [OverloadResolutionPriority(1)]
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

    /// <summary>Creates a read-only stream over <paramref name="memory"/>; the bytes are neither copied nor pooled.</summary>
    /// <param name="memory">The bytes to read. The caller keeps ownership.</param>
    /// <remarks>An array converts to <see cref="ReadOnlyMemory{T}"/>, so <c>new PooledMemoryStream(bytes)</c> reads an
    /// array; a null array converts to empty memory and reads as an empty stream (<see cref="MemoryStream"/> throws
    /// <see cref="ArgumentNullException"/>).</remarks>
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

    /// <summary>The options this stream was created with.</summary>
    public PooledMemoryStreamOptions Options => Settings;

    /// <summary>True while the bytes live in one array (<see cref="TryGetBuffer"/> then works). Tests only.</summary>
    internal bool IsContiguous => _kind is StreamKind.Contiguous or StreamKind.ReadOnly;

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
}

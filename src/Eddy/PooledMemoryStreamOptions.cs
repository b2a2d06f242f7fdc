using System;
using System.Buffers;
using Eddy.Internal;
using Eddy.Pooling;

namespace Eddy;

/// <summary>
/// Settings of a <see cref="PooledMemoryStream"/>, all in one place. Instances are immutable once built
/// (<c>init</c> properties) and may be shared by any number of streams and threads.
/// </summary>
/// <remarks>
/// Defaults:
/// <list type="table">
/// <item><term><see cref="Mode"/></term><description><see cref="PooledMemoryStreamMode.Auto"/></description></item>
/// <item><term><see cref="SegmentThreshold"/></term><description>64 KiB</description></item>
/// <item><term><see cref="Pool"/></term><description>null: Eddy's default byte pool (<see cref="Pooling.BlockPool.Shared"/>)</description></item>
/// <item><term><see cref="InitialCapacity"/></term><description>0: the first write rents what it needs, at least 4 KiB</description></item>
/// <item><term><see cref="ChunkLength"/></term><description>0: the segmented buffer's own default for its first chunk</description></item>
/// <item><term><see cref="MaximumChunkLength"/></term><description>0: 16 MiB, lowered to the pool's largest pooled block when the pool is a <see cref="Pooling.BlockPool"/> (1 MiB by default)</description></item>
/// <item><term><see cref="MaximumGapLength"/></term><description>2 GiB - 1: the largest run of unwritten bytes a write past the end or SetLength may add</description></item>
/// <item><term><see cref="ClearOnReturn"/></term><description>false: arrays go back to the pool without being zeroed</description></item>
/// </list>
/// </remarks>
public sealed class PooledMemoryStreamOptions
{
    /// <summary>The default <see cref="SegmentThreshold"/>: 64 KiB, chosen by measurement (see docs/stream.md).</summary>
    internal const int DefaultSegmentThreshold = 64 << 10;

    /// <summary>
    /// The default <see cref="MaximumChunkLength"/>: 16 MiB. Large chunks keep a 128 MiB stream to about 20 arrays,
    /// few enough for <c>ArrayPool&lt;byte&gt;.Shared</c> to keep them all between uses (with 1 MiB chunks half of
    /// them were allocated afresh on every use; see docs/stream.md).
    /// </summary>
    internal const int DefaultMaximumChunkLength = 16 << 20;

    /// <summary>
    /// The default <see cref="MaximumGapLength"/>: <see cref="int.MaxValue"/> bytes, the most a
    /// <c>MemoryStream</c> can zero-fill, so no gap MemoryStream accepts is refused.
    /// </summary>
    internal const long DefaultMaximumGapLength = int.MaxValue;

    /// <summary>The smallest array the stream ever rents (like <c>MemoryStream</c>'s 256).</summary>
    internal const int MinimumRentLength = 256;

    /// <summary>
    /// What the first write rents at least when <see cref="InitialCapacity"/> is 0: 4 KiB. Renting a pooled block
    /// costs the same whatever its length, and starting at a page spares a growing stream the copies of its first
    /// growth steps.
    /// </summary>
    internal const int DefaultInitialCapacity = 4096;

    private readonly int _segmentThreshold = DefaultSegmentThreshold;
    private readonly int _initialCapacity;
    private readonly int _chunkLength;
    private readonly int _maximumChunkLength;
    private readonly PooledMemoryStreamMode _mode;
    private readonly long _maximumGapLength = DefaultMaximumGapLength;

    /// <summary>The options used when a stream is created without any: every property at its default.</summary>
    public static PooledMemoryStreamOptions Default { get; } = new();

    /// <summary>Contiguous, segmented or automatic layout. Default <see cref="PooledMemoryStreamMode.Auto"/>.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is not a defined mode.</exception>
    public PooledMemoryStreamMode Mode
    {
        get => _mode;
        init
        {
            if (unchecked((uint)value) > (uint)PooledMemoryStreamMode.Segmented)
            {
                ThrowHelper.ThrowArgumentOutOfRangeException(nameof(value), value, "Unknown PooledMemoryStreamMode.");
            }

            _mode = value;
        }
    }

    /// <summary>
    /// In <see cref="PooledMemoryStreamMode.Auto"/> mode, the capacity in bytes past which the contiguous array
    /// is handed to a segmented buffer instead of being replaced by a larger one. Default
    /// 64 KiB. Ignored by the other modes.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is not positive.</exception>
    public int SegmentThreshold
    {
        get => _segmentThreshold;
        init
        {
            if (value <= 0)
            {
                ThrowHelper.ThrowArgumentOutOfRangeException(nameof(value), value, "The threshold must be positive.");
            }

            _segmentThreshold = value;
        }
    }

    /// <summary>The pool that every array of the stream comes from and goes back to. Default null: Eddy's default pool.</summary>
    public ArrayPool<byte>? Pool { get; init; }

    /// <summary>
    /// The capacity the first write rents at least (nothing is rented before the first write), never less than
    /// 256 bytes, in every mode: above <see cref="SegmentThreshold"/> in
    /// <see cref="PooledMemoryStreamMode.Auto"/> mode, or above the first chunk's length in
    /// <see cref="PooledMemoryStreamMode.Segmented"/> mode, the first array is this long and the stream stays in it
    /// until it outgrows it. Default 0, meaning 4 KiB or what the write needs.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative.</exception>
    public int InitialCapacity
    {
        get => _initialCapacity;
        init
        {
            ThrowHelper.ThrowIfNegative(value);
            _initialCapacity = value;
        }
    }

    /// <summary>Length of the first chunk of a segmented stream; 0 (default) lets the segmented buffer choose.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative, or above a nonzero <see cref="MaximumChunkLength"/>.</exception>
    public int ChunkLength
    {
        get => _chunkLength;
        init
        {
            ThrowHelper.ThrowIfNegative(value);
            ThrowIfChunkAboveMax(value, _maximumChunkLength);
            _chunkLength = value;
        }
    }

    /// <summary>Largest chunk a segmented stream grows to (chunks double up to it); 0 (default) means
    /// 16 MiB, or a <see cref="Pooling.BlockPool"/>'s largest pooled block if smaller.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative, or nonzero and below <see cref="ChunkLength"/>.</exception>
    public int MaximumChunkLength
    {
        get => _maximumChunkLength;
        init
        {
            ThrowHelper.ThrowIfNegative(value);
            ThrowIfChunkAboveMax(_chunkLength, value);
            _maximumChunkLength = value;
        }
    }

    /// <summary>
    /// The largest gap, in bytes, that a write past <see cref="System.IO.Stream.Length"/> or a growing
    /// <see cref="System.IO.Stream.SetLength"/> may open: gap bytes are stored as zeros, so a far position would
    /// otherwise fill memory with bytes nobody wrote. Such an operation throws before changing anything
    /// (<see cref="System.IO.IOException"/> for a write, <see cref="ArgumentOutOfRangeException"/> for SetLength).
    /// Default 2 GiB - 1.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative.</exception>
    public long MaximumGapLength
    {
        get => _maximumGapLength;
        init
        {
            ThrowHelper.ThrowIfNegative(value);
            _maximumGapLength = value;
        }
    }

    /// <summary>
    /// When true, every array the stream hands back to the pool goes back zeroed (through the pool's
    /// <c>clearArray</c>), so no later renter can read what was written into it: the content, and bytes written into a
    /// span from <see cref="PooledMemoryStream.GetSpan"/> or <see cref="PooledMemoryStream.GetMemory"/> whether or not
    /// <see cref="PooledMemoryStream.Advance"/> committed them. Costs one pass over each array returned. Default false.
    /// </summary>
    public bool ClearOnReturn { get; init; }

    // Checked in both setters, so the order of the initializers does not matter and a bad pair fails here, not at
    // the first write that needs a chunk.
    private static void ThrowIfChunkAboveMax(int chunkLength, int maximumChunkLength)
    {
        if (maximumChunkLength != 0 && chunkLength > maximumChunkLength)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException("value", "ChunkLength must not be above a nonzero MaximumChunkLength.");
        }
    }

    /// <summary>The pool actually used: <see cref="Pool"/> or Eddy's default.</summary>
    internal ArrayPool<byte> EffectivePool => Pool ?? DefaultPool<byte>.Instance;

    /// <summary>The length of a segmented stream's first chunk: <see cref="ChunkLength"/>, or the segmented buffer's default.</summary>
    internal int FirstChunkLength => _chunkLength != 0 ? _chunkLength : Buffers.SegmentedBuffer<byte>.DefaultInitialChunkBytes;

    /// <summary>
    /// The most a stream's first array holds before the stream goes to chunks: <see cref="SegmentThreshold"/>, or in
    /// <see cref="PooledMemoryStreamMode.Segmented"/> mode the first chunk's length (that array becomes the first chunk);
    /// raised to <see cref="InitialCapacity"/> when that is larger, so that an initial capacity is never cut.
    /// </summary>
    internal int FirstArrayLimit => Math.Max(_mode == PooledMemoryStreamMode.Segmented ? FirstChunkLength : _segmentThreshold, _initialCapacity);
}

using System;
using System.Runtime.CompilerServices;
using Eddy.Diagnostics;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Diagnostics;

[Collection(LeakTrackingCollection.Name)]
public sealed class StreamRescueTests : IDisposable
{
    private const int ChunkLength = 4096;

    private readonly int _originalInterval = LeakTracker.SamplingInterval;

    // Segmented streams are tracked whatever the interval; with sampling off, no small stream is, so the tests
    // that a stream has no guard hold on every run (SampledLeakTests covers the sampled ones).
    public StreamRescueTests() => LeakTracker.SamplingInterval = 0;

    public void Dispose() => LeakTracker.SamplingInterval = _originalInterval;

    // Past several chunks (chunks grow 4, 8, 16, 32 KiB ...).
    private const int WrittenBytes = 100_000;

    [Fact]
    public void A_dropped_segmented_stream_gives_every_chunk_back()
    {
        var pool = new TrackingArrayPool<byte>();
        long rescuedBefore = LeakTracker.RescuedCount;
        long bytesBefore = LeakTracker.RescuedBytes;

        WriteAndDrop(pool, PooledMemoryStreamMode.Segmented);
        Assert.True(pool.Outstanding > 2, "the stream should hold several chunks");
        CollectUntilReturned(pool);

        pool.AssertAllReturned();
        Assert.True(LeakTracker.RescuedCount > rescuedBefore);
        Assert.True(LeakTracker.RescuedBytes - bytesBefore >= WrittenBytes);
    }

    [Fact]
    public void A_dropped_auto_stream_past_its_threshold_gives_every_chunk_back()
    {
        var pool = new TrackingArrayPool<byte>();
        WriteAndDrop(pool, PooledMemoryStreamMode.Auto);
        CollectUntilReturned(pool);
        pool.AssertAllReturned();
    }

    [Fact]
    public void A_disposed_segmented_stream_is_not_rescued()
    {
        var pool = new TrackingArrayPool<byte>();
        WriteAndDispose(pool);
        pool.AssertAllReturned();
        int returns = pool.ReturnCount;

        Gc.CollectAll();
        Gc.CollectAll();

        // No second return of any chunk: the guard was disarmed.
        Assert.Equal(returns, pool.ReturnCount);
        pool.AssertAllReturned();
    }

    [Fact]
    public void A_stream_reset_then_written_then_dropped_gives_every_chunk_back_once()
    {
        var pool = new TrackingArrayPool<byte>();
        ResetWriteAndDrop(pool);
        CollectUntilReturned(pool);
        pool.AssertAllReturned();
    }

    [Fact]
    public void A_stream_truncated_to_zero_then_dropped_gives_every_chunk_back_once()
    {
        var pool = new TrackingArrayPool<byte>();
        TruncateAndDrop(pool);
        CollectUntilReturned(pool);
        pool.AssertAllReturned();
    }

    [Fact]
    public void Reset_disarms_and_the_next_write_arms_again()
    {
        var pool = new TrackingArrayPool<byte>();
        using var stream = NewStream(pool, PooledMemoryStreamMode.Segmented);
        Assert.False(stream.IsRescueArmed);
        stream.Write(new byte[WrittenBytes]);
        Assert.True(stream.IsRescueArmed);
        stream.Reset();
        Assert.False(stream.IsRescueArmed);
        stream.Write(new byte[WrittenBytes]);
        Assert.True(stream.IsRescueArmed);
        stream.Dispose();
        Assert.False(stream.IsRescueArmed);
        pool.AssertAllReturned();
    }

    [Fact]
    public void An_unsampled_small_contiguous_stream_has_no_guard()
    {
        var pool = new TrackingArrayPool<byte>();
        using var auto = NewStream(pool, PooledMemoryStreamMode.Auto);
        auto.Write(new byte[128]);
        Assert.False(auto.IsRescueArmed);

        using var contiguous = NewStream(pool, PooledMemoryStreamMode.Contiguous);
        contiguous.Write(new byte[WrittenBytes]);
        Assert.False(contiguous.IsRescueArmed);
    }

    [Fact]
    public void An_auto_stream_gets_a_guard_once_it_switches_to_segments()
    {
        var pool = new TrackingArrayPool<byte>();
        using var stream = NewStream(pool, PooledMemoryStreamMode.Auto);
        stream.Write(new byte[128]);
        Assert.False(stream.IsRescueArmed);
        stream.Write(new byte[WrittenBytes]);
        Assert.True(stream.IsRescueArmed);
    }

    [Fact]
    public void Reading_or_shrinking_a_stream_that_holds_no_chunks_arms_nothing()
    {
        var pool = new TrackingArrayPool<byte>();
        using var stream = NewStream(pool, PooledMemoryStreamMode.Segmented);
        stream.Write(new byte[WrittenBytes]);
        stream.Reset();
        Assert.False(stream.IsRescueArmed);

        Assert.Equal(0, stream.Read(new byte[16], 0, 16));
        stream.CopyTo(System.IO.Stream.Null);
        Assert.True(stream.GetReadOnlySequence().IsEmpty);
        Assert.Empty(stream.ToArray());
        stream.SetLength(0);
        Assert.False(stream.IsRescueArmed);

        // Within its first chunk a segmented stream holds a plain array, unguarded like a contiguous one.
        stream.SetLength(10);
        Assert.False(stream.IsRescueArmed);
        stream.SetLength(ChunkLength + 1);
        Assert.True(stream.IsRescueArmed);
    }

    [Fact]
    public void A_dropped_stream_that_clears_on_return_has_its_chunks_cleared_by_the_rescue()
    {
        var pool = new TrackingArrayPool<byte>();
        WriteAndDrop(pool, new PooledMemoryStreamOptions { Pool = pool, Mode = PooledMemoryStreamMode.Segmented, ChunkLength = ChunkLength, ClearOnReturn = true });
        CollectUntilReturned(pool);

        pool.AssertAllReturned();
        Assert.NotEmpty(pool.ClearFlags);
        Assert.All(pool.ClearFlags, Assert.True);
    }

    [Fact]
    public void A_dropped_stream_that_does_not_clear_on_return_returns_its_chunks_uncleared()
    {
        var pool = new TrackingArrayPool<byte>();
        WriteAndDrop(pool, PooledMemoryStreamMode.Segmented);
        CollectUntilReturned(pool);

        pool.AssertAllReturned();
        Assert.NotEmpty(pool.ClearFlags);
        Assert.All(pool.ClearFlags, Assert.False);
    }

    private static PooledMemoryStream NewStream(TrackingArrayPool<byte> pool, PooledMemoryStreamMode mode) =>
        new(new PooledMemoryStreamOptions { Pool = pool, Mode = mode, ChunkLength = ChunkLength, SegmentThreshold = 16 * 1024 });

    private static void WriteAndDrop(TrackingArrayPool<byte> pool, PooledMemoryStreamMode mode) =>
        WriteAndDrop(pool, new PooledMemoryStreamOptions { Pool = pool, Mode = mode, ChunkLength = ChunkLength, SegmentThreshold = 16 * 1024 });

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void WriteAndDrop(TrackingArrayPool<byte> pool, PooledMemoryStreamOptions options)
    {
        var stream = new PooledMemoryStream(options);
        stream.Write(new byte[WrittenBytes]);
        Assert.True(stream.IsRescueArmed);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void WriteAndDispose(TrackingArrayPool<byte> pool)
    {
        PooledMemoryStream stream = NewStream(pool, PooledMemoryStreamMode.Segmented);
        stream.Write(new byte[WrittenBytes]);
        stream.Dispose();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ResetWriteAndDrop(TrackingArrayPool<byte> pool)
    {
        PooledMemoryStream stream = NewStream(pool, PooledMemoryStreamMode.Segmented);
        stream.Write(new byte[WrittenBytes]);
        stream.Reset();
        stream.Write(new byte[WrittenBytes / 2]);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void TruncateAndDrop(TrackingArrayPool<byte> pool)
    {
        PooledMemoryStream stream = NewStream(pool, PooledMemoryStreamMode.Segmented);
        stream.Write(new byte[WrittenBytes]);
        stream.SetLength(0);
        stream.Write(new byte[10]);
    }

    /// <summary>A recycled guard lives in Gen2, so its finalizer may need more than one full collection.</summary>
    private static void CollectUntilReturned(TrackingArrayPool<byte> pool)
    {
        for (int i = 0; i < 10 && pool.Outstanding != 0; i++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
        }
    }
}

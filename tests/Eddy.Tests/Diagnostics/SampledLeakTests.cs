using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Runtime.CompilerServices;
using Eddy.Buffers;
using Eddy.Diagnostics;
using Eddy.Pooling;
using Eddy.Tests.Buffers.Infrastructure;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Diagnostics;

/// <summary>
/// The leaks seen only when sampled: small contiguous streams, buffer writers and standalone segmented buffers. Each
/// test counts only the reports whose first stack frame is one of its own methods, so leaks from other tests do not
/// disturb it, and collects until the reports it waits for have arrived (rescues run at a Gen2 collection).
/// </summary>
[Collection(LeakTrackingCollection.Name)]
public sealed class SampledLeakTests : IDisposable
{
    private const int Drops = 100;

    private readonly int _originalInterval = LeakTracker.SamplingInterval;
    private readonly List<LeakDetectedEventArgs> _leaks = new();
    private readonly EventHandler<LeakDetectedEventArgs> _handler;

    public SampledLeakTests()
    {
        _handler = (_, e) =>
        {
            lock (_leaks)
            {
                _leaks.Add(e);
            }
        };
        LeakTracker.LeakDetected += _handler;
    }

    public void Dispose()
    {
        LeakTracker.LeakDetected -= _handler;
        LeakTracker.SamplingInterval = _originalInterval;
    }

    [Fact]
    public void With_every_creation_sampled_every_dropped_small_stream_is_reported_with_the_method_that_made_it()
    {
        LeakTracker.SamplingInterval = 1;
        long rescuedBefore = LeakTracker.RescuedCount;
        for (int i = 0; i < Drops; i++)
        {
            DropA1KStream();
        }

        List<LeakDetectedEventArgs> mine = CollectUntilReported(nameof(DropA1KStream), Drops);

        Assert.Equal(Drops, mine.Count);
        Assert.All(mine, leak =>
        {
            Assert.Equal(typeof(PooledMemoryStream), leak.LeakedType);
            Assert.True(leak.Bytes >= 1024, $"{leak.Bytes} bytes");
        });
        Assert.True(LeakTracker.RescuedCount >= rescuedBefore + Drops);
    }

    [Fact]
    public void The_reported_stack_starts_outside_Eddy()
    {
        LeakTracker.SamplingInterval = 1;
        DropA1KStream();

        LeakDetectedEventArgs leak = Assert.Single(CollectUntilReported(nameof(DropA1KStream), 1));
        StackFrame first = leak.AllocationStackTrace!.GetFrame(0)!;
        Assert.Equal(typeof(SampledLeakTests), first.GetMethod()!.DeclaringType);
        Assert.DoesNotContain("Eddy.PooledMemoryStream", leak.AllocationStackTrace.ToString(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(16, 5)]
    [InlineData(64, 2)]
    public void With_sampling_one_dropped_stream_in_the_interval_is_reported(int interval, int expected)
    {
        LeakTracker.SamplingInterval = interval;

        // A fresh thread counts from zero: exactly interval × expected creations sample exactly expected.
        FreshThread.Run(() =>
        {
            for (int i = 0; i < interval * expected; i++)
            {
                DropASampledStream();
            }
        });

        Assert.Equal(expected, CollectUntilReported(nameof(DropASampledStream), expected).Count);
    }

    [Fact]
    public void With_sampling_off_a_small_stream_arms_nothing()
    {
        LeakTracker.SamplingInterval = 0;
        using var stream = new PooledMemoryStream();
        stream.Write(new byte[1024]);
        Assert.False(stream.IsRescueArmed);
    }

    [Fact]
    public void A_sampled_stream_is_armed_from_its_first_write_and_disarmed_by_Dispose()
    {
        LeakTracker.SamplingInterval = 1;
        var stream = new PooledMemoryStream();
        Assert.False(stream.IsRescueArmed);
        stream.Write(new byte[10]);
        Assert.True(stream.IsRescueArmed);
        stream.Dispose();
        Assert.False(stream.IsRescueArmed);
    }

    [Fact]
    public void A_sampled_stream_that_grows_into_segments_then_is_dropped_gives_everything_back_once()
    {
        LeakTracker.SamplingInterval = 1;
        var pool = new TrackingArrayPool<byte>();
        DropAGrownStream(pool);
        for (int i = 0; i < 20 && pool.Outstanding != 0; i++)
        {
            Gc.CollectAll();
        }

        pool.AssertAllReturned();
        LeakDetectedEventArgs leak = Assert.Single(CollectUntilReported(nameof(DropAGrownStream), 1));
        Assert.True(leak.Bytes >= 200_000, $"{leak.Bytes} bytes");
    }

    [Fact]
    public void Dropped_buffer_writers_and_segmented_buffers_are_reported_with_the_method_that_made_them()
    {
        LeakTracker.SamplingInterval = 1;
        for (int i = 0; i < 10; i++)
        {
            DropAWriter();
            DropASegmentedBuffer();
        }

        List<LeakDetectedEventArgs> writers = CollectUntilReported(nameof(DropAWriter), 10);
        List<LeakDetectedEventArgs> buffers = CollectUntilReported(nameof(DropASegmentedBuffer), 10);

        Assert.Equal(10, writers.Count);
        Assert.All(writers, leak => Assert.Equal(typeof(PooledBufferWriter<byte>), leak.LeakedType));
        Assert.Equal(10, buffers.Count);
        Assert.All(buffers, leak => Assert.Equal(typeof(SegmentedBuffer<byte>), leak.LeakedType));
        Assert.All(buffers, leak => Assert.True(leak.Bytes >= 100_000, $"{leak.Bytes} bytes"));
    }

    [Fact]
    public void Disposed_or_detached_writers_and_disposed_or_reset_buffers_are_never_reported()
    {
        LeakTracker.SamplingInterval = 1;
        var pool = new TrackingArrayPool<byte>();
        UseAndRelease(pool);
        for (int i = 0; i < 3; i++)
        {
            Gc.CollectAll();
        }

        pool.AssertAllReturned();
        lock (_leaks)
        {
            Assert.DoesNotContain(_leaks, leak => FirstMethodName(leak) == nameof(UseAndRelease));
        }
    }

    [Fact]
    public void With_every_creation_sampled_a_pool_s_outstanding_count_returns_to_where_it_was_after_drops()
    {
        LeakTracker.SamplingInterval = 1;
        var pool = new BlockPool();
        long before = Outstanding(pool);

        FreshThread.Run(() =>
        {
            for (int i = 0; i < Drops; i++)
            {
                DropOneOfEach(pool);
            }
        });

        Assert.True(Outstanding(pool) - before >= 3 * Drops, "the drops should hold blocks");
        for (int i = 0; i < 50 && Outstanding(pool) != before; i++)
        {
            Gc.CollectAll();
        }

        Assert.Equal(before, Outstanding(pool));
    }

    private static long Outstanding(BlockPool pool)
    {
        BlockPoolStatistics statistics = pool.GetStatistics();
        return statistics.RentedBlocks - statistics.ReturnedBlocks;
    }

    private static string? FirstMethodName(LeakDetectedEventArgs leak) =>
        leak.AllocationStackTrace?.GetFrame(0)?.GetMethod()?.Name;

    private List<LeakDetectedEventArgs> CollectUntilReported(string creator, int count)
    {
        for (int i = 0; i < 50 && Reported(creator).Count < count; i++)
        {
            Gc.CollectAll();
        }

        return Reported(creator);
    }

    private List<LeakDetectedEventArgs> Reported(string creator)
    {
        lock (_leaks)
        {
            return _leaks.Where(leak => FirstMethodName(leak) == creator).ToList();
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void DropA1KStream()
    {
        var stream = new PooledMemoryStream();
        stream.Write(new byte[1024]);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void DropASampledStream()
    {
        var stream = new PooledMemoryStream();
        stream.Write(new byte[1024]);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void DropAGrownStream(TrackingArrayPool<byte> pool)
    {
        var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool });
        stream.Write(new byte[100]);
        stream.Write(new byte[200_000]);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void DropAWriter()
    {
        var writer = new PooledBufferWriter<byte>();
        writer.Write(new byte[1000]);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void DropASegmentedBuffer()
    {
        var buffer = new SegmentedBuffer<byte>();
        buffer.Write(new byte[100_000]);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void DropOneOfEach(BlockPool pool)
    {
        var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool });
        stream.Write(new byte[1024]);
        var writer = new PooledBufferWriter<byte>(pool);
        writer.Write(new byte[1000]);
        var buffer = new SegmentedBuffer<byte>(pool);
        buffer.Write(new byte[20_000]);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void UseAndRelease(TrackingArrayPool<byte> pool)
    {
        var writer = new PooledBufferWriter<byte>(pool);
        writer.Write(new byte[1000]);
        writer.Dispose();

        var detached = new PooledBufferWriter<byte>(pool);
        detached.Write(new byte[1000]);
        using (detached.DetachBuffer())
        {
        }

        var buffer = new SegmentedBuffer<byte>(pool);
        buffer.Write(new byte[20_000]);
        buffer.Dispose();

        var reset = new SegmentedBuffer<byte>(pool);
        reset.Write(new byte[20_000]);
        reset.Reset();
    }
}

using System;
using System.Collections.Generic;
using System.Runtime;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using Eddy.Diagnostics;
using Eddy.Pooling;
using Eddy.Tests.Diagnostics;

namespace Eddy.Tests.Pooling.SelfReturning;

[Collection(LeakTrackingCollection.Name)]
public class SelfReturningBufferPoolTests
{
    [Theory]
    [InlineData(-1)]
    [InlineData(SelfReturningBufferPool.MaximumBufferLength + 1)]
    public void A_length_outside_the_range_is_refused_with_the_range(int length)
    {
        var pool = new SelfReturningBufferPool(new CountingArrayPool());
        ArgumentOutOfRangeException error = Assert.Throws<ArgumentOutOfRangeException>("length", () => pool.Rent(length));
        Assert.StartsWith($"The length must be between 0 and {SelfReturningBufferPool.MaximumBufferLength}.", error.Message);
        Assert.Equal(0, pool.GetStatistics().RentedCount);
    }

    [Fact]
    public void Rented_bytes_count_the_array_the_backing_pool_gave_not_the_class_size()
    {
        var backing = new OversizingArrayPool();
        var pool = new SelfReturningBufferPool(backing);

        using SelfReturningBuffer buffer = pool.Rent(1_000);

        Assert.Equal(1_000, buffer.Length);
        SelfReturningBufferPoolStatistics statistics = pool.GetStatistics();
        Assert.Equal(2_048, statistics.AllocatedBytes);
        Assert.Equal(2_048, statistics.RentedBytes);
    }

    /// <summary>A backing pool that hands out twice the length asked for, as pools with coarse classes may.</summary>
    private sealed class OversizingArrayPool : System.Buffers.ArrayPool<byte>
    {
        public override byte[] Rent(int minimumLength) => new byte[minimumLength * 2];

        public override void Return(byte[] array, bool clearArray = false)
        {
        }
    }

    [Fact]
    public void A_disposed_buffers_array_serves_the_next_rent_of_its_class()
    {
        var backing = new CountingArrayPool();
        var pool = new SelfReturningBufferPool(backing);

        pool.Rent(3000).Dispose();
        using SelfReturningBuffer again = pool.Rent(4096);

        Assert.Equal(1, backing.Rents);
        SelfReturningBufferPoolStatistics statistics = pool.GetStatistics();
        Assert.Equal(2, statistics.RentedCount);
        Assert.Equal(4096, statistics.AllocatedBytes);
        Assert.Equal(2 * 4096, statistics.RentedBytes);
        Assert.Equal(1, statistics.ReturnedCount);
        Assert.Equal(0, statistics.RetainedBytes);
        Assert.Equal(1, statistics.OutstandingCount);
    }

    [Fact]
    public void Arrays_are_kept_per_size_class()
    {
        var backing = new CountingArrayPool();
        var pool = new SelfReturningBufferPool(backing);
        pool.Rent(100).Dispose(); // 128-byte class

        using SelfReturningBuffer larger = pool.Rent(200); // 256-byte class: cannot use the 128-byte array
        Assert.Equal(2, backing.Rents);
        Assert.Equal(128, pool.GetStatistics().RetainedBytes);
    }

    [Fact]
    public void A_dropped_buffer_is_rescued_after_a_collection_and_counted_as_a_leak()
    {
        var backing = new CountingArrayPool();
        var pool = new SelfReturningBufferPool(backing);
        long leaksBefore = LeakTracker.RescuedCount;

        RentAndDrop(pool, 5000);
        Gc.CollectAll();
        using SelfReturningBuffer next = pool.Rent(5000); // sweeps, then reuses the rescued array

        SelfReturningBufferPoolStatistics statistics = pool.GetStatistics();
        Assert.Equal(1, statistics.RescuedCount);
        Assert.Equal(8192, statistics.RescuedBytes);
        Assert.Equal(1, statistics.OutstandingCount);

        // The rescued array went back to this pool (and served the new rent) or, if the forced collections made
        // the pool look idle, on to the backing pool: either way only the live buffer's array is out.
        Assert.Equal(1, backing.Outstanding);
        Assert.True(LeakTracker.RescuedCount >= leaksBefore + 1);
    }

    [Fact]
    public void Idle_pools_are_swept_by_the_gen2_callback()
    {
        var pool = new SelfReturningBufferPool(new CountingArrayPool());
        RentAndDrop(pool, 100);

        // No further rent: the Gen2 callback must find the dropped buffer on its own.
        for (int attempt = 0; attempt < 10 && pool.GetStatistics().RescuedCount == 0; attempt++)
        {
            Gc.CollectAll();
        }

        Assert.Equal(1, pool.GetStatistics().RescuedCount);
        Assert.Equal(0, pool.GetStatistics().OutstandingCount);
    }

    [Fact]
    public void A_pool_idle_between_gen2_collections_hands_its_arrays_back()
    {
        var backing = new CountingArrayPool();
        var pool = new SelfReturningBufferPool(backing);
        pool.Rent(1000).Dispose();
        Assert.Equal(1024, pool.GetStatistics().RetainedBytes);

        for (int attempt = 0; attempt < 10 && pool.GetStatistics().RetainedBytes != 0; attempt++)
        {
            Gc.CollectAll();
        }

        Assert.Equal(0, pool.GetStatistics().RetainedBytes);
        Assert.Equal(1024, pool.GetStatistics().TrimmedBytes);
        Assert.Equal(0, backing.Outstanding);
    }

    [Fact]
    public void A_buffer_whose_memory_is_still_held_is_not_rescued()
    {
        var pool = new SelfReturningBufferPool(new CountingArrayPool());
        Memory<byte> memory = RentAndKeepMemory(pool);

        Gc.CollectAll();
        using SelfReturningBuffer other = pool.Rent(10);

        Assert.Equal(0, pool.GetStatistics().RescuedCount);
        Assert.Equal(7, memory.Span[0]);
    }

    [Fact]
    public void Disposed_buffers_are_not_rescued_again()
    {
        var backing = new CountingArrayPool();
        var pool = new SelfReturningBufferPool(backing, maximumRetainedBytes: 0);
        RentAndDispose(pool);

        Gc.CollectAll();
        pool.Rent(10).Dispose();

        Assert.Equal(0, pool.GetStatistics().RescuedCount);
        Assert.Equal(0, backing.Outstanding); // CountingArrayPool also fails on a double return
    }

    [Fact]
    public void Arrays_beyond_the_cap_are_left_to_the_GC()
    {
        var backing = new CountingArrayPool();
        var pool = new SelfReturningBufferPool(backing, maximumRetainedBytes: 1024);
        SelfReturningBuffer a = pool.Rent(1024);
        SelfReturningBuffer b = pool.Rent(1024);
        a.Dispose();
        b.Dispose();

        SelfReturningBufferPoolStatistics statistics = pool.GetStatistics();
        Assert.Equal(1024, statistics.RetainedBytes);
        Assert.Equal(1024, statistics.DroppedBytes);

        // Only the owned array was rented from the backing pool, and nothing foreign was returned to it.
        Assert.Equal(1, backing.Rents);
        Assert.Equal(0, backing.Returns);
    }

    [Fact]
    public void Beyond_the_cap_dropped_buffers_are_counted_as_leaks_but_their_arrays_are_left_to_the_GC()
    {
        var backing = new CountingArrayPool();
        var pool = new SelfReturningBufferPool(backing, maximumRetainedBytes: 1024);
        long leaksBefore = LeakTracker.RescuedCount;

        RentAndDrop(pool, 1024); // owned: fits the cap
        RentAndDrop(pool, 1024); // not owned
        RentAndDrop(pool, 1024); // not owned
        Gc.CollectAll();
        pool.Rent(1).Dispose();

        SelfReturningBufferPoolStatistics statistics = pool.GetStatistics();
        Assert.Equal(3, statistics.RescuedCount);
        Assert.Equal(3 * 1024, statistics.RescuedBytes);
        Assert.True(statistics.DroppedBytes >= 2 * 1024);
        Assert.True(statistics.RetainedBytes <= 1024);
        Assert.Equal(0, statistics.OutstandingCount);
        Assert.True(LeakTracker.RescuedCount >= leaksBefore + 3);
    }

    [Fact]
    public void Every_buffer_dropped_over_the_cap_is_accounted_for_and_reported_with_its_bytes()
    {
        const int Dropped = 1000;
        const int Length = 4096;
        var pool = new SelfReturningBufferPool(new CountingArrayPool(), maximumRetainedBytes: 1 << 20);
        List<LeakDetectedEventArgs> leaks = LeaksRaisedBy(() =>
        {
            // No collection while the buffers are dropped: one mid-loop would rescue early arrays that later rents
            // then reuse, and fewer would go over the cap than the count below expects.
            bool noCollection = GC.TryStartNoGCRegion(64 << 20);
            try
            {
                RentAndDropMany(pool, Dropped, Length);
            }
            finally
            {
                if (noCollection && GCSettings.LatencyMode == GCLatencyMode.NoGCRegion)
                {
                    GC.EndNoGCRegion();
                }
            }

            Gc.CollectAll();
            pool.Rent(Length).Dispose(); // sweeps, then reuses a rescued array
        });

        SelfReturningBufferPoolStatistics statistics = pool.GetStatistics();
        Assert.Equal(Dropped + 1, statistics.RentedCount);
        Assert.Equal(statistics.RentedCount, statistics.ReturnedCount + statistics.RescuedCount + statistics.OutstandingCount);
        Assert.Equal(Dropped, statistics.RescuedCount);
        Assert.Equal((long)Dropped * Length, statistics.RescuedBytes);
        Assert.Equal((long)(Dropped - ((1 << 20) / Length)) * Length, statistics.DroppedBytes);
        Assert.Equal(Dropped, leaks.FindAll(e => e.LeakedType == typeof(SelfReturningBuffer) && e.Bytes == Length).Count);
        Assert.DoesNotContain(leaks, e => e.LeakedType == typeof(SelfReturningBuffer) && e.Bytes == 0);
    }

    [Fact]
    public void Trim_hands_every_retained_array_to_the_backing_pool()
    {
        var backing = new CountingArrayPool();
        var pool = new SelfReturningBufferPool(backing);
        pool.Rent(100).Dispose();
        pool.Rent(1000).Dispose();

        int released = pool.Trim();

        Assert.Equal(2, released);
        Assert.Equal(0, pool.Trim());
        Assert.Equal(0, backing.Outstanding);
        Assert.Equal(0, pool.GetStatistics().RetainedBytes);
        Assert.Equal(128 + 1024, pool.GetStatistics().TrimmedBytes);
    }

    [Fact]
    public void The_debugger_shows_the_pool_s_retained_and_outstanding_counts_and_a_buffer_s_length()
    {
        var pool = new SelfReturningBufferPool(new CountingArrayPool(), maximumRetainedBytes: 4096);
        pool.Rent(100).Dispose();
        using SelfReturningBuffer buffer = pool.Rent(10);

        Assert.Equal("Retained = 128, Outstanding = 1, Maximum = 4096", DebuggerDisplay.Of(pool));
        Assert.Equal("Length = 10, IsDisposed = False", DebuggerDisplay.Of(buffer));
    }

    [Fact]
    public void Constructor_rejects_a_negative_cap() =>
        Assert.Throws<ArgumentOutOfRangeException>(() => new SelfReturningBufferPool(maximumRetainedBytes: -1));

    [Fact]
    public void A_null_cap_means_the_default_of_16_MiB()
    {
        Assert.Equal(16L << 20, new SelfReturningBufferPool().MaximumRetainedBytes);
        Assert.Equal(16L << 20, new SelfReturningBufferPool(maximumRetainedBytes: null).MaximumRetainedBytes);
        Assert.Equal(0, new SelfReturningBufferPool(maximumRetainedBytes: 0).MaximumRetainedBytes);
        Assert.Equal("maximumRetainedBytes", Assert.Throws<ArgumentOutOfRangeException>(() => new SelfReturningBufferPool(maximumRetainedBytes: -1)).ParamName);
    }

    [Fact]
    public void Shared_is_one_pool_with_the_default_cap()
    {
        Assert.Same(SelfReturningBufferPool.Shared, SelfReturningBufferPool.Shared);
        Assert.Equal(16L << 20, SelfReturningBufferPool.Shared.MaximumRetainedBytes);
        using SelfReturningBuffer buffer = SelfReturningBufferPool.Shared.Rent(10);
        Assert.Equal(10, buffer.Length);
    }

    [Fact]
    public async Task Concurrent_rents_and_disposes_lose_no_array()
    {
        var backing = new CountingArrayPool();
        var pool = new SelfReturningBufferPool(backing);
        var tasks = new List<Task>();
        for (int worker = 0; worker < 4; worker++)
        {
            byte mark = (byte)worker;
            tasks.Add(Task.Run(() =>
            {
                for (int i = 0; i < 20_000; i++)
                {
                    using SelfReturningBuffer buffer = pool.Rent(64 << (i % 4));
                    buffer.Span.Fill(mark);

                    // No other owner may write into an array while this one holds it.
                    Assert.Equal(mark, buffer[buffer.Length - 1]);
                    Assert.Equal(mark, buffer[0]);
                }
            }));
        }

        await Task.WhenAll(tasks);
        pool.Trim();

        SelfReturningBufferPoolStatistics statistics = pool.GetStatistics();
        Assert.Equal(80_000, statistics.RentedCount);
        Assert.Equal(80_000, statistics.ReturnedCount);
        Assert.Equal(0, statistics.OutstandingCount);
        Assert.Equal(0, backing.Outstanding);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RentAndDrop(SelfReturningBufferPool pool, int length) => pool.Rent(length).Span.Fill(1);

    /// <summary>The LeakDetected events raised on any thread while <paramref name="body"/> runs.</summary>
    private static List<LeakDetectedEventArgs> LeaksRaisedBy(Action body)
    {
        var leaks = new List<LeakDetectedEventArgs>();
        void Record(object? sender, LeakDetectedEventArgs e)
        {
            lock (leaks)
            {
                leaks.Add(e);
            }
        }

        LeakTracker.LeakDetected += Record;
        try
        {
            body();
        }
        finally
        {
            LeakTracker.LeakDetected -= Record;
        }

        lock (leaks)
        {
            return new List<LeakDetectedEventArgs>(leaks);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RentAndDropMany(SelfReturningBufferPool pool, int count, int length)
    {
        for (int i = 0; i < count; i++)
        {
            RentAndDrop(pool, length);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RentAndDispose(SelfReturningBufferPool pool) => pool.Rent(10).Dispose();

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static Memory<byte> RentAndKeepMemory(SelfReturningBufferPool pool)
    {
        Memory<byte> memory = pool.Rent(10).Memory;
        memory.Span[0] = 7;
        return memory;
    }
}

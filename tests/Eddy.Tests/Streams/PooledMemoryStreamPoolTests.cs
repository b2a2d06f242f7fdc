using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Buffers;
using Eddy.Tests.Infrastructure;
using Eddy.Tests.Streams.Infrastructure;

namespace Eddy.Tests.Streams;

public sealed class PooledMemoryStreamPoolTests
{
    [Fact]
    public void Rent_gives_an_empty_open_stream_and_Dispose_brings_it_back()
    {
        var bytes = new StreamTestPool();
        var pool = new PooledMemoryStreamPool(new PooledMemoryStreamOptions { Pool = bytes });
        PooledMemoryStream first = pool.Rent();
        Assert.True(first.CanWrite);
        Assert.Equal(0, first.Length);
        first.Write(new byte[5000]);
        first.Position = 17;
        first.Dispose();
        Assert.Equal(0, bytes.Outstanding);

        PooledMemoryStream second = pool.Rent();
        Assert.Same(first, second);
        Assert.Equal(0, second.Length);
        Assert.Equal(0, second.Position);
        Assert.True(second.CanRead);
        second.Dispose();
        bytes.AssertAllReturned();
    }

    [Fact]
    public void A_returned_stream_throws_ObjectDisposedException_until_rented_again_and_a_second_Dispose_does_nothing()
    {
        var pool = new PooledMemoryStreamPool(maximumRetained: 2);
        PooledMemoryStream stream = pool.Rent();
        stream.WriteByte(1);
        stream.Dispose();
        Assert.False(stream.CanRead);
        Assert.Throws<ObjectDisposedException>(() => stream.WriteByte(1));
        Assert.Throws<ObjectDisposedException>(() => stream.Length);
        stream.Dispose();
        Assert.Same(stream, pool.Rent());
        // Disposed twice but kept once: the next rental is a new stream.
        Assert.NotSame(stream, pool.Rent());
    }

    [Fact]
    public void Only_the_pool_s_own_streams_go_back_to_it()
    {
        var pool = new PooledMemoryStreamPool();
        var other = new PooledMemoryStreamPool();
        var plain = new PooledMemoryStream();
        plain.Dispose();
        PooledMemoryStream mine = pool.Rent();
        mine.Dispose();
        Assert.Same(mine, pool.Rent());
        Assert.NotSame(mine, other.Rent());
        Assert.NotSame(plain, pool.Rent());
    }

    [Fact]
    public void Steady_state_rent_write_dispose_allocates_nothing()
    {
        var pool = new PooledMemoryStreamPool();
        byte[] piece = new byte[1000];
        AllocationAssert.NoneInSteadyState(() =>
        {
            for (int i = 0; i < 1000; i++)
            {
                using PooledMemoryStream stream = pool.Rent();
                stream.Write(piece);
                stream.Write(piece);
            }
        });
    }

    [Fact]
    public void The_pool_keeps_at_most_MaximumRetained_streams_plus_the_one_each_thread_gave_back_last()
    {
        var pool = new PooledMemoryStreamPool(maximumRetained: 2);
        Assert.Equal(2, pool.MaximumRetained);
        int kept = 0;

        // A thread of its own, so that no stream of an earlier test sits in its slot.
        RunOnANewThread(() =>
        {
            PooledMemoryStream[] rented = Enumerable.Range(0, 5).Select(_ => pool.Rent()).ToArray();
            foreach (PooledMemoryStream stream in rented)
            {
                stream.Dispose();
            }

            var again = new HashSet<PooledMemoryStream>(Enumerable.Range(0, 5).Select(_ => pool.Rent()));
            kept = again.Count(rented.Contains);
        });

        // The thread's slot took the first, the pool's two places the next two, and the last two were dropped.
        Assert.Equal(3, kept);
        Assert.Throws<ArgumentOutOfRangeException>("maximumRetained", () => new PooledMemoryStreamPool(maximumRetained: -1));
        Assert.Equal(4 * Environment.ProcessorCount, new PooledMemoryStreamPool().MaximumRetained);
        Assert.Same(PooledMemoryStreamPool.Shared, PooledMemoryStreamPool.Shared);
    }

    [Fact]
    public void Each_returned_stream_takes_one_place_and_comes_back_to_one_renter()
    {
        var pool = new PooledMemoryStreamPool(maximumRetained: 4);
        PooledMemoryStream[] rented = [];
        PooledMemoryStream[] again = [];

        RunOnANewThread(() =>
        {
            rented = Enumerable.Range(0, 5).Select(_ => pool.Rent()).ToArray();
            foreach (PooledMemoryStream stream in rented)
            {
                stream.Dispose();
            }

            again = Enumerable.Range(0, 5).Select(_ => pool.Rent()).ToArray();
        });

        // The thread's slot, the first place and the three others: the five come back, each to one renter.
        Assert.Equal(5, again.Distinct().Count());
        Assert.All(again, stream => Assert.Contains(stream, rented));
    }

    [Fact]
    public void A_stream_in_a_thread_s_slot_goes_only_to_its_own_pool_and_other_threads_use_the_shared_places()
    {
        var first = new PooledMemoryStreamPool();
        var second = new PooledMemoryStreamPool();
        PooledMemoryStream? fromFirst = null, fromSecond = null, onAnotherThread = null, firstAgain = null;
        RunOnANewThread(() =>
        {
            fromFirst = first.Rent();
            fromFirst.Dispose();

            // The thread's slot holds the first pool's stream: the second pool must not hand it out.
            fromSecond = second.Rent();

            // The slot is taken, so this one goes to the second pool's shared places.
            fromSecond.Dispose();
            RunOnANewThread(() => onAnotherThread = second.Rent());
            firstAgain = first.Rent();
        });

        Assert.NotSame(fromFirst, fromSecond);
        Assert.Same(fromSecond, onAnotherThread);
        Assert.Same(fromFirst, firstAgain);
    }

    private static void RunOnANewThread(Action action)
    {
        Exception? failure = null;
        var thread = new Thread(() =>
        {
            try
            {
                action();
            }
            catch (Exception e)
            {
                failure = e;
            }
        });
        thread.Start();
        thread.Join();
        if (failure is not null)
        {
            throw new InvalidOperationException("The thread failed.", failure);
        }
    }

    [Fact]
    public void Streams_use_the_pool_options()
    {
        var options = new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented };
        var pool = new PooledMemoryStreamPool(options);
        Assert.Same(options, pool.Options);
        using PooledMemoryStream stream = pool.Rent();
        Assert.Same(options, stream.Options);
        // Past the first chunk (4 KiB) a segmented stream holds chunks, where an Auto one would stay contiguous.
        stream.Write(new byte[SegmentedBuffer<byte>.DefaultInitialChunkBytes + 1]);
        Assert.False(stream.IsContiguous);
    }

    [Fact]
    public async Task Concurrent_rent_and_return_hands_each_stream_to_one_renter_at_a_time()
    {
        var pool = new PooledMemoryStreamPool(maximumRetained: 4);
        var inUse = new HashSet<PooledMemoryStream>();
        await Task.WhenAll(Enumerable.Range(0, 4).Select(worker => Task.Run(() =>
        {
            byte[] piece = new byte[100];
            for (int i = 0; i < 5_000; i++)
            {
                PooledMemoryStream stream = pool.Rent();
                lock (inUse)
                {
                    Assert.True(inUse.Add(stream), "a stream was rented twice at once");
                }

                stream.Write(piece);
                Assert.Equal(100, stream.Length);
                lock (inUse)
                {
                    inUse.Remove(stream);
                }

                stream.Dispose();
            }
        })));
    }
}

using System;
using System.Buffers;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Pipelines;
using Eddy.Pooling;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Pipelines;

/// <summary>The <see cref="MemoryPool{T}"/> contract of <see cref="BlockMemoryPool"/>, side by side with <see cref="MemoryPool{T}.Shared"/>.</summary>
public sealed class BlockMemoryPoolTests
{
    [Fact]
    public void Rent_minus_one_gives_the_default_size_as_Shared_does()
    {
        using var pool = new BlockMemoryPool(new BlockPool());
        using IMemoryOwner<byte> eddy = pool.Rent();
        using IMemoryOwner<byte> shared = MemoryPool<byte>.Shared.Rent();
        Assert.Equal(BlockMemoryPool.DefaultBufferSize, eddy.Memory.Length);
        Assert.Equal(shared.Memory.Length, eddy.Memory.Length);
    }

    [Theory]
    [InlineData(0, 0)]
    [InlineData(1, 256)]
    [InlineData(256, 256)]
    [InlineData(257, 512)]
    [InlineData(4096, 4096)]
    [InlineData(5000, 8192)]
    [InlineData(65536, 65536)]
    [InlineData(1 << 20, 1 << 20)]
    public void Memory_is_the_whole_pooled_block_at_least_the_size_asked_for(int size, int expected)
    {
        using var pool = new BlockMemoryPool(new BlockPool());
        using IMemoryOwner<byte> eddy = pool.Rent(size);
        using IMemoryOwner<byte> shared = MemoryPool<byte>.Shared.Rent(size);
        Assert.Equal(expected, eddy.Memory.Length);

        // Shared rounds to a power of two from 16 B; Eddy's classes start at 256 B. Both give at least the size.
        Assert.True(shared.Memory.Length >= size);
        Assert.True(eddy.Memory.Length >= shared.Memory.Length || size < 256);
    }

    [Fact]
    public void Sizes_outside_the_contract_throw_as_Shared_does()
    {
        // Same exception type; Eddy names the parameter as MemoryPool<T>.Rent declares it, Shared's pool says minimumBufferSize.
        var blocks = new BlockPool(new BlockPoolOptions { MaximumBlockLength = 1 << 21 });
        using var pool = new BlockMemoryPool(blocks);
        Assert.Equal(1 << 21, pool.MaxBufferSize);
        Assert.Throws<ArgumentOutOfRangeException>("minBufferSize", () => pool.Rent(-2));
        Assert.Throws<ArgumentOutOfRangeException>(() => MemoryPool<byte>.Shared.Rent(-2));
        var tooLarge = Assert.Throws<ArgumentOutOfRangeException>("minBufferSize", () => pool.Rent((1 << 21) + 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => MemoryPool<byte>.Shared.Rent(int.MaxValue));
        Assert.Equal((1 << 21) + 1, tooLarge.ActualValue);
        Assert.StartsWith("The size must be -1 or between 0 and MaxBufferSize (2097152).", tooLarge.Message);
        Assert.Equal(0, pool.RentedBlocks);
    }

    [Fact]
    public void Second_Dispose_is_harmless_and_Memory_after_Dispose_throws()
    {
        var blocks = new BlockPool();
        using var pool = new BlockMemoryPool(blocks);
        IMemoryOwner<byte> owner = pool.Rent(1000);
        owner.Memory.Span.Fill(7);
        Assert.Equal(1, pool.OutstandingBlocks);
        owner.Dispose();
        owner.Dispose();
        var disposed = Assert.Throws<ObjectDisposedException>(() => owner.Memory);
        Assert.Contains("The block was given back to the pool.", disposed.Message);
        Assert.Equal(1, pool.RentedBlocks);
        Assert.Equal(1, pool.ReturnedBlocks);
        Assert.Equal(0, pool.OutstandingBlocks);
        BlockPoolStatistics statistics = blocks.GetStatistics();
        Assert.Equal(statistics.RentedBlocks, statistics.ReturnedBlocks);
    }

    [Fact]
    public void A_Rent_and_Dispose_loop_allocates_nothing_once_warm()
    {
        // The owners are kept for later rents, as Kestrel's pool keeps its blocks: no 32-byte object per rent.
        using var pool = new BlockMemoryPool(new BlockPool());
        IMemoryOwner<byte>? last = null;
        AllocationAssert.NoneInSteadyState(() =>
        {
            for (int i = 0; i < 1000; i++)
            {
                last = pool.Rent(i % 2 == 0 ? -1 : 65536);
                last.Memory.Span[0] = (byte)i;
                last.Dispose();
            }
        });
        Assert.Throws<ObjectDisposedException>(() => last!.Memory); // a kept owner is still a disposed one
        Assert.Equal(0, pool.OutstandingBlocks);
    }

    [Fact]
    public void A_disposed_pool_refuses_rents_but_takes_its_blocks_back()
    {
        var blocks = new BlockPool();
        var pool = new BlockMemoryPool(blocks);
        IMemoryOwner<byte> owner = pool.Rent();
        pool.Dispose();
        Assert.Throws<ObjectDisposedException>(() => pool.Rent());
        owner.Dispose();
        Assert.Equal(0, pool.OutstandingBlocks);
        Assert.Equal(blocks.GetStatistics().RentedBlocks, blocks.GetStatistics().ReturnedBlocks);

        BlockMemoryPool.Shared.Dispose();
        using IMemoryOwner<byte> stillWorks = BlockMemoryPool.Shared.Rent();
        Assert.Equal(BlockPool.Shared.MaximumBlockLength, BlockMemoryPool.Shared.MaxBufferSize);
    }

    [Fact]
    public async Task Rents_and_returns_from_many_threads_balance()
    {
        var blocks = new BlockPool();
        using var pool = new BlockMemoryPool(blocks);
        await Parallel.ForAsync(0, 4, async (worker, _) =>
        {
            await Task.Yield();
            var random = new Random(worker);
            for (int i = 0; i < 20_000; i++)
            {
                using IMemoryOwner<byte> owner = pool.Rent(random.Next(2) == 0 ? -1 : random.Next(1, 70_000));
                owner.Memory.Span[^1] = (byte)i;
            }
        });
        Assert.Equal(80_000, pool.RentedBlocks);
        Assert.Equal(0, pool.OutstandingBlocks);
        BlockPoolStatistics statistics = blocks.GetStatistics();
        Assert.Equal(statistics.RentedBlocks, statistics.ReturnedBlocks);
    }

    [Fact]
    public void Counts_stay_exact_after_the_threads_that_made_them_have_ended()
    {
        var blocks = new BlockPool();
        using var pool = new BlockMemoryPool(blocks);
        var handedOver = new System.Collections.Concurrent.ConcurrentQueue<IMemoryOwner<byte>>();

        // Each thread rents 100 blocks, returns half itself and leaves the other half for a thread that starts
        // after it has ended, so rents and returns are counted on different, finished threads.
        for (int round = 0; round < 6; round++)
        {
            var renter = new Thread(() =>
            {
                for (int i = 0; i < 100; i++)
                {
                    IMemoryOwner<byte> owner = pool.Rent(4096);
                    if (i % 2 == 0)
                    {
                        owner.Dispose();
                    }
                    else
                    {
                        handedOver.Enqueue(owner);
                    }
                }
            });
            renter.Start();
            renter.Join();
            Assert.Equal((round * 100) + 100, pool.RentedBlocks);
            Assert.Equal(50, pool.OutstandingBlocks);

            var returner = new Thread(() =>
            {
                while (handedOver.TryDequeue(out IMemoryOwner<byte>? owner))
                {
                    owner.Dispose();
                }
            });
            returner.Start();
            returner.Join();
            Assert.Equal((round * 100) + 100, pool.ReturnedBlocks);
            Assert.Equal(0, pool.OutstandingBlocks);
        }

        BlockPoolStatistics statistics = blocks.GetStatistics();
        Assert.Equal(600, statistics.RentedBlocks);
        Assert.Equal(600, statistics.ReturnedBlocks);

        // Every thread that counted has ended and a read folded them all, the first one included.
        Assert.Equal(0, pool.CountingThreads);
    }

    [Fact]
    public void A_new_counting_thread_folds_the_counts_of_ended_ones()
    {
        using var pool = new BlockMemoryPool(new BlockPool());
        void RentAndReturnOnANewThread()
        {
            var thread = new Thread(() => pool.Rent(256).Dispose());
            thread.Start();
            thread.Join();
        }

        for (int i = 0; i < 5; i++)
        {
            RentAndReturnOnANewThread();

            // No read in between: each thread's first count folded the cells of the threads that had ended.
            Assert.Equal(1, pool.CountingThreads);
        }

        // A read folds the last one too, and nothing was lost on the way.
        Assert.Equal((5L, 5L, 0L), (pool.RentedBlocks, pool.ReturnedBlocks, pool.OutstandingBlocks));
        Assert.Equal(0, pool.CountingThreads);
    }

    [Fact]
    public void Pools_used_in_turn_on_one_thread_keep_their_own_counts()
    {
        using var first = new BlockMemoryPool(new BlockPool());
        using var second = new BlockMemoryPool(new BlockPool());
        var held = new List<IMemoryOwner<byte>>();
        for (int i = 0; i < 30; i++)
        {
            held.Add(first.Rent(256));
            if (i % 3 == 0)
            {
                held.Add(second.Rent(256));
            }
        }

        Assert.Equal(30, first.RentedBlocks);
        Assert.Equal(10, second.RentedBlocks);
        for (int i = 0; i < held.Count; i += 2)
        {
            held[i].Dispose();
        }

        Assert.Equal(20, first.ReturnedBlocks + second.ReturnedBlocks);
        Assert.Equal(20, first.OutstandingBlocks + second.OutstandingBlocks);
        foreach (IMemoryOwner<byte> owner in held)
        {
            owner.Dispose();
        }

        Assert.Equal((30L, 30L, 0L), (first.RentedBlocks, first.ReturnedBlocks, first.OutstandingBlocks));
        Assert.Equal((10L, 10L, 0L), (second.RentedBlocks, second.ReturnedBlocks, second.OutstandingBlocks));
    }

    [Fact]
    public async Task A_reader_never_sees_more_returns_than_rents_while_threads_hand_blocks_to_each_other()
    {
        using var pool = new BlockMemoryPool(new BlockPool());
        var handedOver = new System.Collections.Concurrent.BlockingCollection<IMemoryOwner<byte>>(boundedCapacity: 64);
        using var done = new CancellationTokenSource();
        Task renter = Task.Factory.StartNew(() =>
        {
            for (int i = 0; i < 50_000; i++)
            {
                handedOver.Add(pool.Rent(-1));
            }

            handedOver.CompleteAdding();
        }, TaskCreationOptions.LongRunning);
        Task returner = Task.Factory.StartNew(() =>
        {
            foreach (IMemoryOwner<byte> owner in handedOver.GetConsumingEnumerable())
            {
                owner.Dispose();
            }
        }, TaskCreationOptions.LongRunning);

        long reads = 0;
        while (!returner.IsCompleted)
        {
            long outstanding = pool.OutstandingBlocks;
            Assert.InRange(outstanding, 0, 50_000);
            reads++;
        }

        await Task.WhenAll(renter, returner);
        Assert.True(reads > 0);
        Assert.Equal((50_000L, 50_000L, 0L), (pool.RentedBlocks, pool.ReturnedBlocks, pool.OutstandingBlocks));
    }
}

using System;
using System.Collections.Generic;
using System.Threading;
using Eddy.Pooling;

namespace Eddy.Tests.Pooling;

/// <summary>
/// A thread's stash: the blocks a thread keeps per size class beyond its slot, so that a buffer of a dozen chunks
/// rents and returns them without the per-core stacks.
/// </summary>
public class BlockPoolStashTests
{
    private static BlockPool NewPool(long cap = 64L << 20, int perStack = 32) =>
        new(new BlockPoolOptions
        {
            MaximumRetainedBytes = cap,
            IdleTrimDelay = TimeSpan.FromHours(1),
            MaximumBlocksPerStack = perStack,
            MaximumBytesPerStack = 0,
            TrimOnGen2Collection = false,
        });

    private static List<byte[]> RentMany(BlockPool pool, int length, int count)
    {
        var blocks = new List<byte[]>();
        for (int i = 0; i < count; i++)
        {
            blocks.Add(pool.Rent(length));
        }

        return blocks;
    }

    [Theory]
    [InlineData(256, 8)]
    [InlineData(1024, 8)]
    [InlineData(4096, 8)]
    [InlineData(8192, 8)]
    [InlineData(16384, 4)]
    [InlineData(32768, 2)]
    [InlineData(65536, 1)]
    [InlineData(1 << 20, 1)]
    public void A_thread_keeps_up_to_64_KiB_and_8_blocks_per_class(int length, int expected) =>
        Assert.Equal(expected, BlockPool.ThreadBlocksPerClass(length));

    [Theory]
    [InlineData(256)]
    [InlineData(4096)]
    [InlineData(16384)]
    [InlineData(32768)]
    [InlineData(65536)]
    public void A_threads_blocks_stay_off_the_shared_stacks_up_to_its_limit_and_the_rest_go_there(int length)
    {
        var pool = NewPool();
        int thread = BlockPool.ThreadBlocksPerClass(length);
        int index = System.Numerics.BitOperations.Log2((uint)length) - 8;
        List<byte[]> blocks = RentMany(pool, length, thread + 2);
        blocks.ForEach(b => pool.Return(b));

        Assert.Equal(2, pool.RetainedInStacks(index));
        Assert.Equal(thread + 2, pool.GetStatistics().RetainedBlocks);
        Assert.Equal((thread + 2) * (long)length, pool.ReservedBytes);
    }

    [Fact]
    public void Stashed_blocks_come_back_last_in_first_out_and_none_is_allocated_again()
    {
        var pool = NewPool();
        List<byte[]> blocks = RentMany(pool, 4096, 8);
        blocks.ForEach(b => pool.Return(b));

        // The first return fills the slot; the other seven go to the stash, the last one on top.
        Assert.Same(blocks[0], pool.Rent(4096));
        for (int i = 7; i >= 1; i--)
        {
            Assert.Same(blocks[i], pool.Rent(4096));
        }

        Assert.Equal(8, pool.GetStatistics().AllocatedBlocks);
        Assert.NotSame(blocks[1], pool.Rent(4096));
        Assert.Equal(9, pool.GetStatistics().AllocatedBlocks);
    }

    [Fact]
    public void An_emptied_stash_keeps_its_reservations_and_the_owners_Trim_gives_them_back()
    {
        var pool = NewPool();
        List<byte[]> blocks = RentMany(pool, 4096, 8);
        blocks.ForEach(b => pool.Return(b));
        RentMany(pool, 4096, 8);

        // Reserved and empty, as a slot: refilling it takes no compare-exchange on the cap.
        Assert.Equal(8 * 4096, pool.ReservedBytes);
        Assert.Equal(0, pool.GetStatistics().RetainedBlocks);

        blocks.ForEach(b => pool.Return(b));
        Assert.Equal(8 * 4096, pool.ReservedBytes);
        Assert.Equal(8, pool.Trim());
        Assert.Equal(0, pool.ReservedBytes);
        Assert.Equal(0, pool.GetStatistics().RetainedBlocks);

        // After the owner's trim, the stash reserves again from scratch.
        List<byte[]> again = RentMany(pool, 4096, 8);
        again.ForEach(a => pool.Return(a));
        Assert.Equal(8 * 4096, pool.ReservedBytes);
        Assert.Equal(8, pool.GetStatistics().RetainedBlocks);
    }

    [Fact]
    public void Another_threads_Trim_drops_stashed_blocks_but_leaves_the_reservations_and_the_owner_skips_the_holes()
    {
        var pool = NewPool();
        List<byte[]> blocks = RentMany(pool, 2048, 8);
        blocks.ForEach(b => pool.Return(b));
        var trimmer = new Thread(() => pool.Trim());
        trimmer.Start();
        trimmer.Join();

        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(8, stats.TrimmedBlocks);
        Assert.Equal(8 * 2048, stats.TrimmedBytes);
        Assert.Equal(0, stats.RetainedBlocks);
        Assert.Equal(8 * 2048, stats.ReservedBytes);

        // Every stash entry is a hole now: a rent allocates, and returns fill the entries again.
        var fresh = RentMany(pool, 2048, 8);
        Assert.DoesNotContain(fresh, blocks.Contains);
        Assert.Equal(16, pool.GetStatistics().AllocatedBlocks);
        fresh.ForEach(f => pool.Return(f));
        Assert.Equal(8, pool.GetStatistics().RetainedBlocks);
        Assert.Equal(8 * 2048, pool.ReservedBytes);
        Assert.Equal(0, pool.RetainedInStacks(3));
    }

    [Fact]
    public void A_stash_at_the_cap_drops_what_it_cannot_reserve()
    {
        var pool = NewPool(cap: 3 * 4096);
        List<byte[]> blocks = RentMany(pool, 4096, 8);
        blocks.ForEach(b => pool.Return(b));

        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(3, stats.RetainedBlocks);
        Assert.Equal(5, stats.DroppedBlocks);
        Assert.Equal(3 * 4096, stats.ReservedBytes);
    }

    [Fact]
    public void Returning_a_stashed_block_twice_throws_on_its_thread_and_on_another()
    {
        var pool = NewPool();
        List<byte[]> blocks = RentMany(pool, 4096, 3);
        blocks.ForEach(b => pool.Return(b)); // blocks[1] and blocks[2] are stashed

        var onThisThread = Assert.Throws<InvalidOperationException>(() => pool.Return(blocks[1]));
        Assert.Contains("returned to the pool twice", onThisThread.Message);

        Exception? onAnother = null;
        var thread = new Thread(() => onAnother = Record.Exception(() => pool.Return(blocks[2])));
        thread.Start();
        thread.Join();
        Assert.IsType<InvalidOperationException>(onAnother);

        // Neither failed return changed what the pool holds: three blocks, each once.
        var rented = new HashSet<byte[]>(RentMany(pool, 4096, 3));
        Assert.True(rented.SetEquals(blocks));
        Assert.Equal(3, pool.GetStatistics().AllocatedBlocks);
    }

    [Fact]
    public void A_stashed_block_is_rented_with_a_zeroed_head()
    {
        var pool = NewPool();
        List<byte[]> blocks = RentMany(pool, 1024, 4);
        foreach (byte[] block in blocks)
        {
            block.AsSpan().Fill(0x5A);
        }

        blocks.ForEach(b => pool.Return(b));
        foreach (byte[] block in RentMany(pool, 1024, 4))
        {
            Assert.Equal(0L, BitConverter.ToInt64(block, 0));
            Assert.Equal(0x5A, block[8]);
        }
    }

    [Fact]
    public void The_per_class_view_counts_stashed_blocks()
    {
        var pool = NewPool();
        RentMany(pool, 512, 5).ForEach(b => pool.Return(b));
        SizeClassCount line = Assert.Single(pool.RetainedPerClass());
        Assert.Equal(new SizeClassCount(512, 5), line);
    }

    [Fact]
    public void The_per_class_view_counts_blocks_in_the_per_core_stacks()
    {
        // 64 KiB is past the stashed classes: one block goes back to the thread's slot, the others to the stacks.
        var pool = NewPool();
        RentMany(pool, 64 << 10, 5).ForEach(b => pool.Return(b));
        SizeClassCount line = Assert.Single(pool.RetainedPerClass());
        Assert.Equal(new SizeClassCount(64 << 10, 5), line);
    }

    [Fact]
    public void The_stash_of_an_instance_pool_is_its_own()
    {
        var first = NewPool();
        var second = NewPool();
        List<byte[]> a = RentMany(first, 4096, 4);
        List<byte[]> b = RentMany(second, 4096, 4);
        a.ForEach(x => first.Return(x));
        b.ForEach(x => second.Return(x));

        // Used in turn on one thread, each pool rents its own blocks back.
        for (int i = 0; i < 4; i++)
        {
            Assert.Contains(first.Rent(4096), a);
            Assert.Contains(second.Rent(4096), b);
        }

        Assert.Equal(4, first.GetStatistics().AllocatedBlocks);
        Assert.Equal(4, second.GetStatistics().AllocatedBlocks);
    }

    [Fact]
    public void Blocks_past_the_stash_come_back_from_the_stacks_counted_and_with_zeroed_heads()
    {
        var pool = NewPool();
        int thread = BlockPool.ThreadBlocksPerClass(4096);
        List<byte[]> blocks = RentMany(pool, 4096, thread + 3);
        blocks.ForEach(b => pool.Return(b));
        Assert.Equal(3, pool.RetainedInStacks(4));

        List<byte[]> again = RentMany(pool, 4096, thread + 3);
        Assert.True(new HashSet<byte[]>(again).SetEquals(blocks));
        Assert.All(again, b => Assert.Equal(0L, BitConverter.ToInt64(b, 0)));
        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(2L * (thread + 3), stats.RentedBlocks);
        Assert.Equal(2L * (thread + 3) * 4096, stats.RentedBytes);
        Assert.Equal(thread + 3, stats.AllocatedBlocks);
        Assert.Equal(0, pool.RetainedInStacks(4));
        Assert.Equal(thread * 4096L, pool.ReservedBytes);
    }

    [Fact]
    public void Shared_and_an_instance_pool_used_in_turn_on_one_thread_keep_their_own_stashes()
    {
        var instance = NewPool();
        List<byte[]>? fromShared = null;
        List<byte[]>? fromInstance = null;
        List<byte[]>? sharedAgain = null;
        List<byte[]>? instanceAgain = null;
        long instanceRetained = -1;
        int instanceInStacks = -1;

        // A fresh thread, so Shared's slot and stash for this class start empty whatever other tests did.
        var thread = new Thread(() =>
        {
            fromShared = RentMany(BlockPool.Shared, 2048, 4);
            fromInstance = RentMany(instance, 2048, 4);
            fromShared.ForEach(b => BlockPool.Shared.Return(b));
            fromInstance.ForEach(b => instance.Return(b));

            // Read on the thread: once it is gone its caches may be retired.
            instanceRetained = instance.GetStatistics().RetainedBlocks;
            instanceInStacks = instance.RetainedInStacks(3);
            sharedAgain = RentMany(BlockPool.Shared, 2048, 4);
            instanceAgain = RentMany(instance, 2048, 4);
            sharedAgain.ForEach(b => BlockPool.Shared.Return(b));
            instanceAgain.ForEach(b => instance.Return(b));
        });
        thread.Start();
        thread.Join();

        // The instance holds its own four blocks, in its slot and stash, and none of Shared's.
        Assert.Equal(4, instanceRetained);
        Assert.Equal(0, instanceInStacks);
        Assert.True(new HashSet<byte[]>(sharedAgain!).SetEquals(fromShared!));
        Assert.True(new HashSet<byte[]>(instanceAgain!).SetEquals(fromInstance!));
        Assert.Equal(4, instance.GetStatistics().AllocatedBlocks);
    }

    [Fact]
    public void A_thread_gets_its_stash_on_the_first_return_its_slot_cannot_take_and_only_then()
    {
        var pool = NewPool();
        long oneAtATime = -1, firstStashed = -1, stashedAgain = -1;
        var thread = new Thread(() =>
        {
            byte[] a = pool.Rent(4096);
            byte[] b = pool.Rent(4096);
            pool.Return(a);
            for (int i = 0; i < 3; i++)
            {
                pool.Return(pool.Rent(4096)); // the slot's block, lent and taken back
            }

            long before = GC.GetAllocatedBytesForCurrentThread();
            pool.Return(pool.Rent(4096));
            oneAtATime = GC.GetAllocatedBytesForCurrentThread() - before;

            before = GC.GetAllocatedBytesForCurrentThread();
            pool.Return(b); // the slot is full: the stash is created
            firstStashed = GC.GetAllocatedBytesForCurrentThread() - before;

            byte[] c = pool.Rent(4096);
            byte[] d = pool.Rent(4096);
            pool.Return(c);
            before = GC.GetAllocatedBytesForCurrentThread();
            pool.Return(d);
            stashedAgain = GC.GetAllocatedBytesForCurrentThread() - before;
        });
        thread.Start();
        thread.Join();

        Assert.Equal(0, oneAtATime);
        Assert.True(firstStashed > 0, $"the first stashed return allocated {firstStashed} bytes");
        Assert.Equal(0, stashedAgain);
        Assert.Equal(2, pool.GetStatistics().AllocatedBlocks);
    }
}

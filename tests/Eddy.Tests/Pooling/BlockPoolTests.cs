using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using System.Threading;
using Eddy.Internal;
using Eddy.Pooling;

namespace Eddy.Tests.Pooling;

public class BlockPoolTests
{
    private static BlockPool NewPool(long cap = 64L << 20, bool clear = false, bool detect = true, TimeSpan? idle = null, int perStack = 32) =>
        new(new BlockPoolOptions
        {
            MaximumRetainedBytes = cap,
            ClearOnReturn = clear,
            DetectDoubleReturn = detect,
            IdleTrimDelay = idle ?? TimeSpan.FromHours(1),
            MaximumBlocksPerStack = perStack,
            MaximumBytesPerStack = 0,
        });

    [Theory]
    [InlineData(1, 256)]
    [InlineData(255, 256)]
    [InlineData(256, 256)]
    [InlineData(257, 512)]
    [InlineData(4095, 4096)]
    [InlineData(4096, 4096)]
    [InlineData(4097, 8192)]
    [InlineData(1 << 20, 1 << 20)]
    public void Rent_returns_the_smallest_power_of_two_class_that_fits(int request, int expected)
    {
        var pool = NewPool();
        byte[] block = pool.Rent(request);
        Assert.Equal(expected, block.Length);
        pool.Return(block);
    }

    [Fact]
    public void Rent_zero_returns_an_empty_array_and_returning_it_is_ignored()
    {
        var pool = NewPool();
        byte[] empty = pool.Rent(0);
        Assert.Empty(empty);
        pool.Return(empty);
        Assert.Equal(0, pool.GetStatistics().ReturnedBlocks);
    }

    [Fact]
    public void Rent_negative_throws_with_the_parameter_name()
    {
        var pool = NewPool();
        var ex = Assert.Throws<ArgumentOutOfRangeException>(() => pool.Rent(-1));
        Assert.Equal("minimumLength", ex.ParamName);
    }

    [Fact]
    public void A_returned_block_is_rented_again()
    {
        var pool = NewPool();
        byte[] first = pool.Rent(1000);
        pool.Return(first);
        Assert.Same(first, pool.Rent(1000));
    }

    [Fact]
    public void Blocks_returned_beyond_the_thread_slot_go_to_the_shared_tier_and_come_back()
    {
        var pool = NewPool();
        var blocks = new List<byte[]>();
        for (int i = 0; i < 5; i++)
        {
            blocks.Add(pool.Rent(4096));
        }

        blocks.ForEach(b => pool.Return(b));
        Assert.Equal(5, pool.GetStatistics().RetainedBlocks);
        var again = new HashSet<byte[]>();
        for (int i = 0; i < 5; i++)
        {
            again.Add(pool.Rent(4096));
        }

        Assert.True(again.SetEquals(blocks));
        Assert.Equal(5, pool.GetStatistics().AllocatedBlocks);
    }

    [Fact]
    public void Oversized_requests_are_unpooled_rounded_to_a_multiple_of_the_largest_class_and_returnable()
    {
        var pool = NewPool();
        byte[] big = pool.Rent((1 << 20) + 1);
        Assert.Equal(2 << 20, big.Length);
        pool.Return(big);
        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(1, stats.DroppedBlocks);
        Assert.Equal(0, stats.RetainedBlocks);
        Assert.NotSame(big, pool.Rent((1 << 20) + 1));
    }

    [Theory]
    [InlineData(100)]
    [InlineData(300)]
    [InlineData(4095)]
    [InlineData((1 << 20) + 5)]
    public void Returning_an_array_of_a_length_the_pool_never_hands_out_throws(int length)
    {
        var pool = NewPool();
        var ex = Assert.Throws<ArgumentException>(() => pool.Return(new byte[length]));
        Assert.Equal("array", ex.ParamName);
    }

    [Fact]
    public void Returning_null_throws() =>
        Assert.Throws<ArgumentNullException>(() => NewPool().Return(null!));

    [Fact]
    public void Double_return_to_the_thread_slot_throws_naming_the_size_class()
    {
        var pool = NewPool();
        byte[] block = pool.Rent(4096);
        pool.Return(block);
        var ex = Assert.Throws<InvalidOperationException>(() => pool.Return(block));
        Assert.Contains("size class 4", ex.Message, StringComparison.Ordinal);
        Assert.Contains("4 KiB", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Double_return_to_the_shared_tier_throws_and_the_block_is_never_handed_out_twice()
    {
        var pool = NewPool();
        byte[] a = pool.Rent(512);
        byte[] b = pool.Rent(512);
        pool.Return(a);
        pool.Return(b); // goes to a per-core stack: the thread slot holds a
        Assert.Throws<InvalidOperationException>(() => pool.Return(b));
        Assert.Throws<InvalidOperationException>(() => pool.Return(a));
        byte[] x = pool.Rent(512);
        byte[] y = pool.Rent(512);
        byte[] z = pool.Rent(512);
        Assert.Equal(3, new HashSet<byte[]> { x, y, z }.Count);
    }

    [Fact]
    public void Double_return_is_not_checked_when_detection_is_off_but_a_later_rent_can_then_repeat()
    {
        var pool = NewPool(detect: false);
        byte[] block = pool.Rent(256);
        pool.Return(block);
        pool.Return(block); // not detected by design of the option
        Assert.Same(block, pool.Rent(256));
    }

    [Theory]
    [InlineData(256)]
    [InlineData(32768)]
    [InlineData(65536)]
    [InlineData(1 << 20)]
    public void A_rented_block_whose_head_equals_the_cookie_is_still_accepted(int length)
    {
        // Every tier is searched for the block (this thread's slot and stash are filled first), and it is in none.
        // Two small blocks first, so that this thread has a stash even where the length has none.
        var pool = NewPool();
        byte[] small = pool.Rent(256);
        pool.Return(pool.Rent(256));
        pool.Return(small);
        var held = new List<byte[]>();
        for (int i = 0; i < BlockPool.ThreadBlocksPerClass(length) + 1; i++)
        {
            held.Add(pool.Rent(length));
        }

        byte[] block = pool.Rent(length);
        held.ForEach(b => pool.Return(b));
        MemoryMarshal.Write(block.AsSpan(), PoolCookie.Value);
        pool.Return(block);
        Assert.Contains(block, new HashSet<byte[]>(Enumerable.Range(0, held.Count + 1).Select(_ => pool.Rent(length))));
    }

    [Fact]
    public void A_block_rented_again_and_returned_again_is_legal()
    {
        var pool = NewPool();
        byte[] block = pool.Rent(256);
        pool.Return(block);
        Assert.Same(block, pool.Rent(256));
        pool.Return(block);
    }

    [Fact]
    public void Rented_blocks_never_carry_the_cookie()
    {
        var pool = NewPool();
        var blocks = new List<byte[]>();
        for (int i = 0; i < 4; i++)
        {
            blocks.Add(pool.Rent(256));
        }

        blocks.ForEach(b => pool.Return(b));
        for (int i = 0; i < 4; i++)
        {
            Assert.NotEqual(PoolCookie.Value, MemoryMarshal.Read<long>(pool.Rent(256).AsSpan()));
        }
    }

    [Fact]
    public void Clear_on_return_option_hides_the_previous_owners_bytes()
    {
        var pool = NewPool(clear: true);
        var blocks = new List<byte[]>();
        for (int i = 0; i < 3; i++)
        {
            byte[] b = pool.Rent(1024);
            b.AsSpan().Fill(0xAB);
            blocks.Add(b);
        }

        blocks.ForEach(b => pool.Return(b));
        for (int i = 0; i < 3; i++)
        {
            byte[] again = pool.Rent(1024);
            Assert.True(again.AsSpan().IndexOfAnyExcept((byte)0) < 0);
        }
    }

    [Fact]
    public void Return_with_clearArray_zeroes_the_block()
    {
        var pool = NewPool();
        byte[] block = pool.Rent(256);
        block.AsSpan().Fill(7);
        pool.Return(block, clearArray: true);
        Assert.True(pool.Rent(256).AsSpan().IndexOfAnyExcept((byte)0) < 0);
    }

    [Fact]
    public void Without_clearing_the_next_renter_sees_the_old_bytes_except_the_zeroed_head()
    {
        var pool = NewPool();
        byte[] block = pool.Rent(256);
        block.AsSpan().Fill(7);
        pool.Return(block);
        byte[] again = pool.Rent(256);
        Assert.Equal(0L, MemoryMarshal.Read<long>(again.AsSpan()));
        Assert.True(again.AsSpan(8).IndexOfAnyExcept((byte)7) < 0);
    }

    [Fact]
    public void Returns_over_the_cap_are_dropped_and_counted()
    {
        var pool = NewPool(cap: 8192);
        var blocks = new List<byte[]>();
        for (int i = 0; i < 4; i++)
        {
            blocks.Add(pool.Rent(4096));
        }

        blocks.ForEach(b => pool.Return(b));
        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(2, stats.RetainedBlocks);
        Assert.Equal(8192, stats.RetainedBytes);
        Assert.Equal(2, stats.DroppedBlocks);
        Assert.Equal(8192, stats.DroppedBytes);
        Assert.True(stats.ReservedBytes <= 8192);
    }

    [Fact]
    public void A_zero_cap_retains_nothing()
    {
        var pool = NewPool(cap: 0);
        byte[] block = pool.Rent(256);
        pool.Return(block);
        Assert.Equal(0, pool.GetStatistics().RetainedBytes);
        Assert.NotSame(block, pool.Rent(256));
    }

    [Fact]
    public void Full_per_core_stacks_drop_returns()
    {
        var pool = NewPool(perStack: 0);
        int thread = BlockPool.ThreadBlocksPerClass(256);
        var blocks = new List<byte[]>();
        for (int i = 0; i < thread + 1; i++)
        {
            blocks.Add(pool.Rent(256));
        }

        blocks.ForEach(b => pool.Return(b)); // the thread's slot and stash, then stacks that hold nothing
        Assert.Equal(1, pool.GetStatistics().DroppedBlocks);
        Assert.Equal(thread, pool.GetStatistics().RetainedBlocks);
    }

    [Fact]
    public void Statistics_count_rents_returns_allocations_and_bytes()
    {
        var pool = NewPool();
        byte[] a = pool.Rent(300);
        byte[] b = pool.Rent(5000);
        pool.Return(a);
        pool.Return(b);
        pool.Return(pool.Rent(300));
        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(3, stats.RentedBlocks);
        Assert.Equal(512 + 8192 + 512, stats.RentedBytes);
        Assert.Equal(3, stats.ReturnedBlocks);
        Assert.Equal(512 + 8192 + 512, stats.ReturnedBytes);
        Assert.Equal(2, stats.AllocatedBlocks);
        Assert.Equal(512 + 8192, stats.AllocatedBytes);
        Assert.Equal(2, stats.RetainedBlocks);
        Assert.Equal(512 + 8192, stats.RetainedBytes);
        Assert.Equal(64L << 20, stats.MaximumRetainedBytes);
    }

    [Fact]
    public void A_block_lent_from_the_thread_slot_is_not_counted_retained_nor_trimmed_until_it_comes_back()
    {
        var pool = NewPool();
        byte[] block = pool.Rent(4096);
        pool.Return(block);
        Assert.Equal(1, pool.GetStatistics().RetainedBlocks);

        Assert.Same(block, pool.Rent(4096));
        Assert.Equal(0, pool.GetStatistics().RetainedBlocks);
        Exception? fromOtherThread = null;
        var trimmer = new Thread(() => fromOtherThread = Record.Exception(() => Assert.Equal(0, pool.Trim())));
        trimmer.Start();
        trimmer.Join();
        Assert.Null(fromOtherThread);
        Assert.Equal(0, pool.GetStatistics().TrimmedBlocks);

        pool.Return(block);
        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(1, stats.RetainedBlocks);
        Assert.Equal(4096, stats.ReservedBytes);
        Assert.Throws<InvalidOperationException>(() => pool.Return(block));
    }

    [Fact]
    public void A_slot_emptied_by_another_threads_trim_takes_the_next_returned_block()
    {
        var pool = NewPool();
        byte[] dropped = pool.Rent(2048);
        pool.Return(dropped);
        var trimmer = new Thread(() => pool.Trim());
        trimmer.Start();
        trimmer.Join();
        Assert.Equal(1, pool.GetStatistics().TrimmedBlocks);
        Assert.Equal(0, pool.GetStatistics().RetainedBlocks);

        byte[] next = pool.Rent(2048);
        Assert.NotSame(dropped, next);
        pool.Return(next);
        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(1, stats.RetainedBlocks);
        Assert.Equal(2048, stats.ReservedBytes);
        Assert.Same(next, pool.Rent(2048));
    }

    [Fact]
    public void A_lent_block_that_never_comes_back_gives_its_slot_to_the_next_block_and_is_accepted_later()
    {
        var pool = NewPool();
        byte[] lost = RentLentFromTheSlot(pool, 1024);
        byte[] other = pool.Rent(1024);
        Assert.NotSame(lost, other);
        pool.Return(other); // takes the slot
        Assert.Same(other, pool.Rent(1024));
        pool.Return(other);
        pool.Return(lost); // late: goes to a per-core stack
        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(2, stats.RetainedBlocks);
        Assert.Equal(2 * 1024, stats.ReservedBytes);
        var rented = new HashSet<byte[]> { pool.Rent(1024), pool.Rent(1024), pool.Rent(1024) };
        Assert.Equal(3, rented.Count);
        Assert.Contains(lost, rented);
        Assert.Contains(other, rented);
    }

    [Fact]
    public void A_block_lent_on_one_thread_and_returned_twice_elsewhere_is_caught()
    {
        var pool = NewPool();
        byte[] block = pool.Rent(8192);
        pool.Return(block);
        Assert.Same(block, pool.Rent(8192)); // lent from this thread's slot

        // The other thread stays alive until the checks are done: once it ends, a collection may retire its
        // cache, and with it the block it holds, which is then no longer in the pool to be found.
        using var returned = new ManualResetEventSlim();
        using var release = new ManualResetEventSlim();
        var other = new Thread(() =>
        {
            pool.Return(block);
            returned.Set();
            release.Wait();
        });
        other.Start();
        returned.Wait();
        try
        {
            Assert.Throws<InvalidOperationException>(() => pool.Return(block));
            Assert.NotSame(pool.Rent(8192), pool.Rent(8192));
        }
        finally
        {
            release.Set();
            other.Join();
        }
    }

    [Fact]
    public void Trim_releases_every_retained_block_and_counts_them()
    {
        var pool = NewPool();
        var blocks = new List<byte[]>();
        for (int i = 0; i < 6; i++)
        {
            blocks.Add(pool.Rent(2048));
        }

        blocks.ForEach(b => pool.Return(b));
        Assert.Equal(6, pool.Trim());
        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(0, stats.RetainedBytes);
        Assert.Equal(0, stats.ReservedBytes);
        Assert.Equal(6, stats.TrimmedBlocks);
        Assert.Equal(6 * 2048, stats.TrimmedBytes);
    }

    [Fact]
    public void Gen2_collections_trim_idle_blocks()
    {
        var pool = NewPool(idle: TimeSpan.Zero);
        FillPool(pool);
        Assert.True(pool.GetStatistics().RetainedBytes > 0);

        CollectUntilNothingIsRetained(pool);

        Assert.Equal(0, pool.GetStatistics().RetainedBytes);
        Assert.True(pool.GetStatistics().TrimmedBlocks >= 8);

        // The callback stays registered: later collections trim what was returned since.
        FillPool(pool);
        Assert.True(pool.GetStatistics().RetainedBytes > 0);
        CollectUntilNothingIsRetained(pool);

        Assert.Equal(0, pool.GetStatistics().RetainedBytes);
        Assert.True(pool.GetStatistics().TrimmedBlocks >= 16);
    }

    [Fact]
    public void An_idle_trim_keeps_the_blocks_of_a_thread_that_rented_and_returned_since_the_last_pass()
    {
        // No trimming after Gen2 collections: only these passes note the thread's operations.
        var pool = new BlockPool(new BlockPoolOptions { TrimOnGen2Collection = false });
        byte[] block = pool.Rent(4096);
        pool.Return(block);
        Assert.Equal(0, pool.TrimCore(idleMilliseconds: 20)); // the first pass only notes the thread's operations

        // As many returns as rents since that pass: the count of operations moved all the same.
        pool.Return(pool.Rent(4096));
        Thread.Sleep(40);
        Assert.Equal(0, pool.TrimCore(idleMilliseconds: 20));
        Assert.Equal(1, pool.GetStatistics().RetainedBlocks);

        // Idle from that pass on: a later pass, once the delay has passed on the tick count, takes the block.
        long trimmed = 0;
        for (int i = 0; i < 50 && trimmed == 0; i++)
        {
            Thread.Sleep(40);
            trimmed = pool.TrimCore(idleMilliseconds: 20);
        }

        Assert.Equal(1, trimmed);
        Assert.Equal(0, pool.GetStatistics().RetainedBlocks);
    }

    [Fact]
    public void Trimming_on_the_owning_thread_releases_held_blocks_and_does_not_count_lent_ones()
    {
        var pool = NewPool();
        byte[] lent4K = RentLentFromTheSlot(pool, 4096);
        pool.Return(pool.Rent(8192)); // held in its slot
        byte[] lent16K = RentLentFromTheSlot(pool, 16384);

        Assert.Equal(1, pool.Trim()); // the 8 KiB block only
        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(1, stats.TrimmedBlocks);
        Assert.Equal(8192, stats.TrimmedBytes);

        pool.Return(lent4K);
        pool.Return(lent16K);
        Assert.Equal(2, pool.GetStatistics().RetainedBlocks);
    }

    [Fact]
    public void Gen2_collections_keep_blocks_that_are_not_yet_idle()
    {
        var pool = NewPool(idle: TimeSpan.FromHours(1));
        FillPool(pool);
        long before = pool.GetStatistics().RetainedBytes;
        for (int i = 0; i < 3; i++)
        {
            GC.Collect(2, GCCollectionMode.Forced, blocking: true);
            GC.WaitForPendingFinalizers();
        }

        Assert.Equal(before, pool.GetStatistics().RetainedBytes);
    }

    [Fact]
    public void A_block_rented_on_one_thread_can_be_returned_on_another_and_reused_there()
    {
        var pool = NewPool();
        byte[] block = pool.Rent(4096);
        byte[]? rentedThere = null;
        var thread = new Thread(() =>
        {
            pool.Return(block);
            rentedThere = pool.Rent(4096);
        });
        thread.Start();
        thread.Join();
        Assert.Same(block, rentedThere);
    }

    [Theory]
    [InlineData(1)] // the slot alone
    [InlineData(8)] // the slot and a full stash
    public void A_dead_threads_slots_give_their_reservation_back(int blocks)
    {
        var pool = NewPool();
        var thread = new Thread(() =>
        {
            var held = new List<byte[]>();
            for (int i = 0; i < blocks; i++)
            {
                held.Add(pool.Rent(8192));
            }

            held.ForEach(b => pool.Return(b));
        });
        thread.Start();
        thread.Join();
        Assert.Equal(blocks * 8192L, pool.ReservedBytes);

        for (int i = 0; i < 10 && pool.ReservedBytes != 0; i++)
        {
            GC.Collect(2, GCCollectionMode.Forced, blocking: true);
            GC.WaitForPendingFinalizers();
        }

        Assert.Equal(0, pool.ReservedBytes);
        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(blocks, stats.RentedBlocks);
        Assert.Equal(blocks, stats.ReturnedBlocks);
        Assert.Equal(blocks * 8192L, stats.RentedBytes);
        Assert.Equal(blocks * 8192L, stats.ReturnedBytes);
    }

    [Fact]
    public void A_pool_used_by_a_live_thread_can_still_be_collected()
    {
        WeakReference pool = UseAndDropPool();
        for (int i = 0; i < 10 && pool.IsAlive; i++)
        {
            GC.Collect(2, GCCollectionMode.Forced, blocking: true);
            GC.WaitForPendingFinalizers();
        }

        Assert.False(pool.IsAlive);
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static WeakReference UseAndDropPool()
    {
        var pool = NewPool();
        pool.Return(pool.Rent(4096));
        pool.Return(pool.Rent(300_000_000 / 1000));
        return new WeakReference(pool);
    }

    [Theory]
    [InlineData(3 << 20)]
    [InlineData(1 << 19)]
    public void Invalid_maximum_block_length_is_rejected(int maximum) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => new BlockPool(new BlockPoolOptions { MaximumBlockLength = maximum }));

    [Fact]
    public void Large_classes_keep_a_whole_large_stream_of_blocks_by_their_byte_budget()
    {
        // 200 blocks of 1 MiB: far more than 32 per core stack, well within a 1 GiB cap and the 256 MiB budget.
        var pool = new BlockPool(new BlockPoolOptions { MaximumRetainedBytes = 1L << 30, IdleTrimDelay = TimeSpan.FromHours(1) });
        var blocks = new byte[200][];
        for (int round = 0; round < 2; round++)
        {
            for (int i = 0; i < blocks.Length; i++)
            {
                blocks[i] = pool.Rent(1 << 20);
            }

            for (int i = 0; i < blocks.Length; i++)
            {
                pool.Return(blocks[i]);
            }
        }

        BlockPoolStatistics statistics = pool.GetStatistics();
        Assert.Equal(200, statistics.AllocatedBlocks);
        Assert.Equal(0, statistics.DroppedBlocks);
        Assert.Equal(200L << 20, statistics.RetainedBytes);
    }

    [Fact]
    public void Without_a_byte_budget_a_stack_keeps_only_its_block_count()
    {
        var pool = new BlockPool(new BlockPoolOptions { MaximumRetainedBytes = 1L << 30, MaximumBlocksPerStack = 4, MaximumBytesPerStack = 0, IdleTrimDelay = TimeSpan.FromHours(1) });
        var blocks = new byte[200][];
        for (int i = 0; i < blocks.Length; i++)
        {
            blocks[i] = pool.Rent(1 << 20);
        }

        for (int i = 0; i < blocks.Length; i++)
        {
            pool.Return(blocks[i]);
        }

        BlockPoolStatistics statistics = pool.GetStatistics();
        Assert.True(statistics.DroppedBlocks > 0, "with 4 blocks per stack most of 200 returns must be dropped");
        Assert.True(statistics.RetainedBlocks <= (4 * Math.Min(Environment.ProcessorCount, 64)) + 1);
    }

    [Fact]
    public void Invalid_options_are_rejected()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new BlockPool(new BlockPoolOptions { MaximumRetainedBytes = -1 }));
        Assert.Throws<ArgumentOutOfRangeException>(() => new BlockPool(new BlockPoolOptions { MaximumBlocksPerStack = -1 }));
        Assert.Equal("MaximumBytesPerStack", Assert.Throws<ArgumentOutOfRangeException>(() => new BlockPool(new BlockPoolOptions { MaximumBytesPerStack = -1 })).ParamName);
        Assert.Throws<ArgumentOutOfRangeException>(() => new BlockPool(new BlockPoolOptions { IdleTrimDelay = TimeSpan.FromSeconds(-1) }));
        Assert.Throws<ArgumentOutOfRangeException>(() => new BlockPool(new BlockPoolOptions { PinnedHeapMinimumBlockLength = 100 }));
        Assert.Throws<ArgumentNullException>(() => new BlockPool(null!));
    }

    [Fact]
    public void A_larger_maximum_block_length_pools_larger_blocks()
    {
        var pool = new BlockPool(new BlockPoolOptions { MaximumBlockLength = 4 << 20 });
        byte[] block = pool.Rent(3 << 20);
        Assert.Equal(4 << 20, block.Length);
        pool.Return(block);
        Assert.Same(block, pool.Rent(3 << 20));
    }

    [Fact]
    public void Pinned_heap_blocks_are_pooled_like_any_other()
    {
        var pool = new BlockPool(new BlockPoolOptions { PinnedHeapMinimumBlockLength = 4096 });
        byte[] block = pool.Rent(4096);
        pool.Return(block);
        Assert.Same(block, pool.Rent(4096));
    }

    [Fact]
    public void The_default_cap_is_derived_from_the_memory_the_GC_may_use()
    {
#if EDDY_NETSTANDARD
        // netstandard2.1 cannot ask the GC what memory it may use.
        long expected = 256L << 20;
#else
        long total = GC.GetGCMemoryInfo().TotalAvailableMemoryBytes;
        long expected = Math.Min(Math.Max(total / 16, 16L << 20), 4L << 30);
#endif
        Assert.Equal(expected, BlockPoolOptions.DefaultMaximumRetainedBytes);
        Assert.Equal(expected, BlockPool.Shared.MaximumRetainedBytes);
        Assert.Equal(1 << 20, BlockPool.Shared.MaximumBlockLength);
    }

    [Fact]
    public void Default_options_hold_every_default_and_a_pool_built_without_options_uses_them()
    {
        BlockPoolOptions defaults = BlockPoolOptions.Default;
        // Default is built after the machine-derived cap it reads (static initializers run in textual order).
        Assert.Equal(BlockPoolOptions.DefaultMaximumRetainedBytes, defaults.MaximumRetainedBytes);
        Assert.True(defaults.MaximumRetainedBytes >= 16L << 20);
        Assert.Equal(1 << 20, defaults.MaximumBlockLength);
        Assert.Equal(32, defaults.MaximumBlocksPerStack);
        Assert.Equal(256L << 20, defaults.MaximumBytesPerStack);
        Assert.False(defaults.ClearOnReturn);
        Assert.True(defaults.DetectDoubleReturn);
        Assert.Equal(TimeSpan.FromSeconds(30), defaults.IdleTrimDelay);
        Assert.True(defaults.TrimOnGen2Collection);
        Assert.Equal(0, defaults.PinnedHeapMinimumBlockLength);
        Assert.Same(defaults, BlockPoolOptions.Default);

        var pool = new BlockPool();
        Assert.Equal(defaults.MaximumRetainedBytes, pool.GetStatistics().MaximumRetainedBytes);
        Assert.Equal(defaults.MaximumBlockLength, pool.MaximumBlockLength);
    }

    [Fact]
    public void Shared_works_through_the_ArrayPool_surface()
    {
        ArrayPool<byte> pool = BlockPool.Shared;
        byte[] block = pool.Rent(777);
        Assert.Equal(1024, block.Length);
        pool.Return(block);
        Assert.Throws<InvalidOperationException>(() => pool.Return(block));
        Assert.Same(block, pool.Rent(1000));
    }

    [Fact]
    public void Renting_from_a_shared_stack_gives_its_reservation_back()
    {
        // 64 KiB blocks: a thread keeps one per class, in its slot (no stash).
        var pool = NewPool();
        Assert.Equal(1, BlockPool.ThreadBlocksPerClass(65536));
        var blocks = new List<byte[]>();
        for (int i = 0; i < 3; i++)
        {
            blocks.Add(pool.Rent(65536));
        }

        blocks.ForEach(b => pool.Return(b)); // one to the thread slot, two to the shared stacks
        Assert.Equal(3 * 65536, pool.ReservedBytes);
        for (int i = 0; i < 3; i++)
        {
            pool.Rent(65536);
        }

        // The emptied thread slot keeps its reservation; the stacks hold nothing and reserve nothing.
        Assert.Equal(65536, pool.ReservedBytes);
    }

    [Fact]
    public void A_pool_at_its_cap_keeps_retaining_across_rent_and_return_cycles()
    {
        var pool = NewPool(cap: 3 * 4096);
        for (int cycle = 0; cycle < 20; cycle++)
        {
            var blocks = new List<byte[]> { pool.Rent(4096), pool.Rent(4096), pool.Rent(4096) };
            blocks.ForEach(b => pool.Return(b));
        }

        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(3, stats.AllocatedBlocks);
        Assert.Equal(0, stats.DroppedBlocks);
        Assert.Equal(3, stats.RetainedBlocks);
    }

    [Fact]
    public void When_every_per_core_stack_is_full_a_return_is_dropped_and_its_reservation_given_back()
    {
        var pool = NewPool(perStack: 1);
        int stacks = Math.Min(Environment.ProcessorCount, 64);
        int thread = BlockPool.ThreadBlocksPerClass(256);
        var blocks = new List<byte[]>();
        for (int i = 0; i < thread + stacks + 1; i++)
        {
            blocks.Add(pool.Rent(256));
        }

        blocks.ForEach(b => pool.Return(b)); // the slot and stash, one per stack, then nowhere
        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(1, stats.DroppedBlocks);
        Assert.Equal(256, stats.DroppedBytes);
        Assert.Equal(thread + stacks, stats.RetainedBlocks);
        Assert.Equal((thread + stacks) * 256L, pool.ReservedBytes);
    }

    [Fact]
    public void Clear_on_return_without_double_return_detection_zeroes_every_byte()
    {
        var pool = NewPool(clear: true, detect: false);
        byte[] slot = pool.Rent(1024);
        byte[] stack = pool.Rent(1024);
        slot.AsSpan().Fill(0xAB);
        stack.AsSpan().Fill(0xCD);
        pool.Return(slot);
        pool.Return(stack);
        Assert.True(pool.Rent(1024).AsSpan().IndexOfAnyExcept((byte)0) < 0);
        Assert.True(pool.Rent(1024).AsSpan().IndexOfAnyExcept((byte)0) < 0);
    }

    [Theory]
    [InlineData((1 << 20) + 1, 2 << 20)]
    [InlineData(2 << 20, 2 << 20)]
    [InlineData((3 << 20) - 1, 3 << 20)]
    [InlineData((3 << 20) + 1, 4 << 20)]
    public void Oversized_lengths_round_up_to_a_multiple_of_the_largest_class(int request, int expected) =>
        Assert.Equal(expected, NewPool().Rent(request).Length);

    [Theory]
    [InlineData((2 << 20) + 256)]
    [InlineData((3 << 20) - 1)]
    [InlineData((1 << 20) + (1 << 19))]
    public void Oversized_arrays_of_another_shape_are_rejected(int length) =>
        Assert.Throws<ArgumentException>(() => NewPool().Return(new byte[length]));

    [Fact]
    public void Oversized_arrays_of_a_larger_largest_class_follow_that_class()
    {
        var pool = new BlockPool(new BlockPoolOptions { MaximumBlockLength = 2 << 20 });
        Assert.Equal(4 << 20, pool.Rent((2 << 20) + 1).Length);
        Assert.Throws<ArgumentException>(() => pool.Return(new byte[3 << 20]));
        pool.Return(new byte[4 << 20]);
        Assert.Equal(1, pool.GetStatistics().DroppedBlocks);
    }

    [Fact]
    public void Oversized_rents_and_returns_are_counted_with_their_bytes()
    {
        var pool = NewPool();
        byte[] big = pool.Rent(3 << 20);
        pool.Return(big);
        pool.Return(new byte[2 << 20]); // the shape Rent gives, from elsewhere: dropped and counted
        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(1, stats.RentedBlocks);
        Assert.Equal(3 << 20, stats.RentedBytes);
        Assert.Equal(2, stats.ReturnedBlocks);
        Assert.Equal(5 << 20, stats.ReturnedBytes);
        Assert.Equal(1, stats.AllocatedBlocks);
        Assert.Equal(3 << 20, stats.AllocatedBytes);
        Assert.Equal(2, stats.DroppedBlocks);
        Assert.Equal(5 << 20, stats.DroppedBytes);
        Assert.Equal(0, stats.RetainedBlocks);
        Assert.Equal(0, pool.ReservedBytes);
    }

    [Fact]
    public void A_new_pool_has_thread_slots_of_its_own_not_Shared_ones()
    {
        // On a fresh thread both pools' slots start empty, so a block in the wrong slot would be handed out.
        byte[]? fromShared = null;
        byte[]? fromOwn = null;
        byte[] returnedToOwn = Array.Empty<byte>();
        byte[] returnedToShared = Array.Empty<byte>();
        var thread = new Thread(() =>
        {
            var pool = new BlockPool();
            returnedToOwn = pool.Rent(2048);
            pool.Return(returnedToOwn);
            fromShared = BlockPool.Shared.Rent(2048);

            returnedToShared = BlockPool.Shared.Rent(16384);
            BlockPool.Shared.Return(returnedToShared);
            fromOwn = pool.Rent(16384);
            BlockPool.Shared.Return(fromShared);
        });
        thread.Start();
        thread.Join();
        Assert.NotSame(returnedToOwn, fromShared);
        Assert.NotSame(returnedToShared, fromOwn);
    }

    [Fact]
    public void Two_instance_pools_used_in_turn_on_one_thread_keep_their_own_slots()
    {
        var first = NewPool();
        var second = NewPool();
        byte[] fromFirst = first.Rent(2048);
        first.Return(fromFirst);
        byte[] fromSecond = second.Rent(2048);
        Assert.NotSame(fromFirst, fromSecond);
        second.Return(fromSecond);
        Assert.Same(fromFirst, first.Rent(2048));
        Assert.Same(fromSecond, second.Rent(2048));
        Assert.Equal(2048, first.GetStatistics().RentedBytes - first.GetStatistics().ReturnedBytes);
    }

    [Fact]
    public void A_collected_instance_pool_lets_go_of_the_blocks_its_thread_slots_held()
    {
        // The thread's last-used instance cache outlives the pool; the pool's finalizer empties it.
        WeakReference block = ReturnABlockToAPoolThenDropThePool();
        for (int i = 0; i < 5 && block.IsAlive; i++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }

        Assert.False(block.IsAlive);
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static WeakReference ReturnABlockToAPoolThenDropThePool()
    {
        var pool = NewPool();
        byte[] block = pool.Rent(4096);
        pool.Return(block);
        return new WeakReference(block);
    }

    [Fact]
    public void Shared_keeps_a_fresh_threads_slot_across_rents_including_oversized_ones()
    {
        // A fresh thread: the slots Shared gives it must be remembered, also by the unusual (oversized) paths.
        byte[]? returned = null;
        byte[]? again = null;
        var thread = new Thread(() =>
        {
            returned = BlockPool.Shared.Rent(4096);
            BlockPool.Shared.Return(returned);
            byte[] oversized = BlockPool.Shared.Rent(3 << 20);
            BlockPool.Shared.Return(oversized);
            again = BlockPool.Shared.Rent(4096);
        });
        thread.Start();
        thread.Join();
        Assert.Same(returned, again);
    }

    [Fact]
    public void Rent_zero_is_the_shared_empty_array_and_counts_nothing()
    {
        var pool = NewPool();
        Assert.Same(Array.Empty<byte>(), pool.Rent(0));
        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(0, stats.RentedBlocks);
        Assert.Equal(0, stats.AllocatedBlocks);
    }

    [Fact]
    public void A_stack_holds_its_byte_budget_divided_by_the_block_length()
    {
        // 8 KiB per stack of 4 KiB blocks: two per core stack, plus the thread's slot and stash; one more is dropped.
        var pool = new BlockPool(new BlockPoolOptions
        {
            MaximumBlocksPerStack = 1,
            MaximumBytesPerStack = 8192,
            TrimOnGen2Collection = false,
        });
        int stacks = Math.Min(Environment.ProcessorCount, 64);
        int thread = BlockPool.ThreadBlocksPerClass(4096);
        var blocks = new List<byte[]>();
        for (int i = 0; i < 2 * stacks + thread + 1; i++)
        {
            blocks.Add(pool.Rent(4096));
        }

        blocks.ForEach(b => pool.Return(b));
        Assert.Equal(1, pool.GetStatistics().DroppedBlocks);
        Assert.Equal(2 * stacks + thread, pool.GetStatistics().RetainedBlocks);
    }

    /// <summary>A block rented, returned to the thread's slot and rented again: lent from the slot, which keeps it.</summary>
    private static byte[] RentLentFromTheSlot(BlockPool pool, int length)
    {
        byte[] block = pool.Rent(length);
        pool.Return(block);
        Assert.Same(block, pool.Rent(length));
        return block;
    }

    /// <summary>Gen2 collections, at most five, until the pool's callback has trimmed every retained block.</summary>
    private static void CollectUntilNothingIsRetained(BlockPool pool)
    {
        for (int i = 0; i < 5 && pool.GetStatistics().RetainedBytes > 0; i++)
        {
            GC.Collect(2, GCCollectionMode.Forced, blocking: true);
            GC.WaitForPendingFinalizers();
        }
    }

    private static void FillPool(BlockPool pool)
    {
        var blocks = new List<byte[]>();
        for (int i = 0; i < 8; i++)
        {
            blocks.Add(pool.Rent(4096));
        }

        blocks.ForEach(b => pool.Return(b));
    }
}

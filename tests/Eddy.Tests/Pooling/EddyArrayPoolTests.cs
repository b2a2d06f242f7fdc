using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Eddy.Internal;
using Eddy.Pooling;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Pooling;

public class EddyArrayPoolTests
{
    [Theory]
    [InlineData(1, 16)]
    [InlineData(16, 16)]
    [InlineData(17, 32)]
    [InlineData(1000, 1024)]
    [InlineData(1 << 20, 1 << 20)]
    public void Rent_returns_the_smallest_class_that_fits(int request, int expected) =>
        Assert.Equal(expected, new EddyArrayPool<int>().Rent(request).Length);

    [Fact]
    public void It_plugs_in_as_an_ArrayPool_and_reuses_arrays()
    {
        ArrayPool<int> pool = new EddyArrayPool<int>();
        int[] array = pool.Rent(100);
        pool.Return(array);
        Assert.Same(array, pool.Rent(128));
    }

    [Fact]
    public void Rent_zero_is_empty_and_negative_throws_with_the_parameter_name()
    {
        var pool = new EddyArrayPool<int>();
        Assert.Empty(pool.Rent(0));
        Assert.Equal("minimumLength", Assert.Throws<ArgumentOutOfRangeException>(() => pool.Rent(-5)).ParamName);
    }

    [Fact]
    public void Oversized_requests_are_exact_unpooled_and_accepted_back()
    {
        var pool = new EddyArrayPool<int>(1024, 4);
        int[] big = pool.Rent(5000);
        Assert.Equal(5000, big.Length);
        pool.Return(big);
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void The_edges_of_the_pooled_range_are_exact()
    {
        var pool = new EddyArrayPool<int>(1024, 4);

        // One past the largest class is an exact, unpooled array, and so is a power of two past it on return.
        Assert.Equal(1025, pool.Rent(1025).Length);
        pool.Return(new int[2048]);
        Assert.Equal(0, pool.RetainedCount);
        Assert.Same(Array.Empty<int>(), pool.Rent(0));
    }

    [Theory]
    [InlineData(16)]
    [InlineData(1 << 30)]
    public void The_smallest_and_largest_maximum_lengths_are_accepted(int maximumArrayLength) =>
        Assert.Equal(maximumArrayLength, new EddyArrayPool<byte>(maximumArrayLength, 1, clearOnReturn: false).MaximumArrayLength);

    [Theory]
    [InlineData(8)]
    [InlineData(100)]
    [InlineData(int.MinValue)]
    public void A_maximum_length_that_is_no_size_class_is_refused_with_the_rule(int maximumArrayLength)
    {
        ArgumentOutOfRangeException error = Assert.Throws<ArgumentOutOfRangeException>(
            "maximumArrayLength", () => new EddyArrayPool<byte>(maximumArrayLength, 1, clearOnReturn: false));
        Assert.StartsWith("Must be a power of two from 16 to 2^30.", error.Message);
    }

    [Fact]
    public void Misuse_messages_name_the_length_and_the_class()
    {
        var pool = new EddyArrayPool<int>(1024, 4);
        ArgumentException foreign = Assert.Throws<ArgumentException>("array", () => pool.Return(new int[100]));
        Assert.StartsWith("The array was not rented from this pool: its length 100 is not a size class (a power of two from 16 to 1024).", foreign.Message);

        int[] array = pool.Rent(64);
        pool.Return(array);
        InvalidOperationException twice = Assert.Throws<InvalidOperationException>(() => pool.Return(array));
        Assert.Equal("An array of 64 elements (size class 2) was returned to the pool twice: it is already in the pool.", twice.Message);
    }

    [Fact]
    public void Foreign_lengths_null_and_double_returns_are_rejected()
    {
        var pool = new EddyArrayPool<int>();
        Assert.Throws<ArgumentException>(() => pool.Return(new int[100]));
        Assert.Throws<ArgumentNullException>(() => pool.Return(null!));
        int[] array = pool.Rent(64);
        pool.Return(array);
        Assert.Throws<InvalidOperationException>(() => pool.Return(array));
        string[] strings = new EddyArrayPool<string>().Rent(16);
        var stringPool = new EddyArrayPool<string>();
        stringPool.Return(strings);
        Assert.Throws<InvalidOperationException>(() => stringPool.Return(strings));
    }

    [Fact]
    public void A_second_return_of_an_array_kept_beyond_the_thread_slot_is_rejected()
    {
        // The thread's slot keeps one array of a class; the others go to the pool's stacks, where only the mark
        // in the array's head tells that an array is already in the pool.
        FreshThread.Run(() =>
        {
            var pool = new EddyArrayPool<int>(1024, 8);
            int[][] arrays = Enumerable.Range(0, 3).Select(_ => pool.Rent(64)).ToArray();
            foreach (int[] array in arrays)
            {
                pool.Return(array);
            }

            foreach (int[] array in arrays)
            {
                Assert.Throws<InvalidOperationException>(() => pool.Return(array));
            }

            var strings = new EddyArrayPool<string>(1024, 8);
            string[][] stringArrays = Enumerable.Range(0, 3).Select(_ => strings.Rent(64)).ToArray();
            foreach (string[] array in stringArrays)
            {
                array[0] = "used";
                strings.Return(array);
            }

            foreach (string[] array in stringArrays)
            {
                Assert.Throws<InvalidOperationException>(() => strings.Return(array));
            }
        });
    }

    [Fact]
    public void Reference_arrays_are_cleared_and_clearArray_clears_unmanaged_ones()
    {
        var objects = new EddyArrayPool<object>();
        object[] o = objects.Rent(16);
        Array.Fill(o, new object());
        objects.Return(o);
        Assert.All(objects.Rent(16), x => Assert.Null(x));

        var ints = new EddyArrayPool<int>();
        int[] i = ints.Rent(16);
        Array.Fill(i, 9);
        ints.Return(i, clearArray: true);
        Assert.All(ints.Rent(16), x => Assert.Equal(0, x));
    }

    [Fact]
    public void The_per_class_bound_holds_and_Trim_empties_the_pool()
    {
        var pool = new EddyArrayPool<int>(1 << 10, 2);
        var arrays = new List<int[]> { pool.Rent(16), pool.Rent(16), pool.Rent(16) };
        arrays.ForEach(a => pool.Return(a));
        Assert.Equal(2, pool.RetainedCount);
        Assert.Equal(2, pool.Trim());
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void Invalid_limits_are_rejected()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new EddyArrayPool<int>(1000, 4));
        Assert.Throws<ArgumentOutOfRangeException>(() => new EddyArrayPool<int>(8, 4));
        Assert.Throws<ArgumentOutOfRangeException>(() => new EddyArrayPool<int>(1024, -1));
    }

    [Fact]
    public void Shared_is_one_instance() =>
        Assert.Same(EddyArrayPool<long>.Shared, EddyArrayPool<long>.Shared);

    [Fact]
    public void The_default_pool_for_bytes_is_the_block_pool_and_other_types_stay_on_the_BCL()
    {
        Assert.Same(BlockPool.Shared, DefaultPool<byte>.Instance);
        Assert.Same(ArrayPool<int>.Shared, DefaultPool<int>.Instance);
        Assert.Same(ArrayPool<char>.Shared, DefaultPool<char>.Instance);
    }

    [Fact]
    public void A_trimming_pass_releases_the_classes_unused_since_the_last_pass_that_long_ago()
    {
        var pool = new EddyArrayPool<int>();
        pool.Return(pool.Rent(16));
        pool.Return(pool.Rent(64));

        Assert.Equal(0, pool.TrimIdle(idleMilliseconds: 40)); // the first pass only notes the classes' counts
        System.Threading.Thread.Sleep(60);
        pool.Return(pool.Rent(64)); // used since: kept

        Assert.Equal(1, pool.TrimIdle(idleMilliseconds: 40));
        Assert.Equal(1, pool.RetainedCount);
        Assert.Equal(1, pool.TrimIdle(idleMilliseconds: 0));
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void Gen2_collections_release_idle_arrays()
    {
        var pool = new EddyArrayPool<short>(maximumArrayLength: 1024, maximumRetained: 4) { IdleTrimMilliseconds = 1 };
        pool.Return(pool.Rent(16));
        pool.Return(pool.Rent(512));
        Assert.Equal(2, pool.RetainedCount);

        for (int attempt = 0; attempt < 50 && pool.RetainedCount != 0; attempt++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            System.Threading.Thread.Sleep(5);
        }

        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void The_idle_delay_is_the_block_pools_default() =>
        Assert.Equal(new BlockPoolOptions().IdleTrimDelay.TotalMilliseconds, new EddyArrayPool<int>().IdleTrimMilliseconds);

    [Fact]
    public void A_gen2_collection_keeps_arrays_used_within_the_idle_delay()
    {
        var pool = new EddyArrayPool<ushort>(maximumArrayLength: 1024, maximumRetained: 4);
        pool.Return(pool.Rent(16));

        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        GC.WaitForPendingFinalizers();

        Assert.Equal(1, pool.RetainedCount);
    }
}

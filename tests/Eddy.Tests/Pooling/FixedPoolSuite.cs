using System;
using System.Collections.Generic;
using Eddy.Internal;
using Eddy.Pooling;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Pooling;

/// <summary>
/// Every behaviour of the fixed-length pools, run against each variant by the subclasses below. Each test
/// uses its own closed types or a fresh pool; the thread-static variant is emptied for the calling thread.
/// </summary>
public abstract class FixedPoolSuite
{
    protected abstract IFixedPoolUnderTest<T> Create<T, TLength>(int maximumRetained = 1024)
        where TLength : struct, IFixedLength;

    [Fact]
    public void Rent_returns_an_array_of_the_marker_length()
    {
        Assert.Equal(32, Create<int, L32>().Rent().Length);
        Assert.Equal(4096, Create<byte, L4096>().Rent().Length);
        Assert.Equal(3, Create<long, L3>().Rent().Length);
    }

    [Fact]
    public void A_returned_array_is_rented_again()
    {
        var pool = Create<int, L64>();
        int[] array = pool.Rent();
        pool.Return(array);
        Assert.Equal(1, pool.RetainedCount);
        Assert.Same(array, pool.Rent());
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void Returning_an_array_of_another_length_throws_and_TryReturn_says_false()
    {
        var pool = Create<int, L16>();
        var ex = Assert.Throws<ArgumentException>(() => pool.Return(new int[17]));
        Assert.Equal("array", ex.ParamName);
        Assert.False(pool.TryReturn(new int[15]));
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void Returning_null_throws_and_TryReturn_says_false()
    {
        var pool = Create<int, L16>();
        Assert.Throws<ArgumentNullException>(() => pool.Return(null!));
        Assert.False(pool.TryReturn(null));
    }

    [Fact]
    public void Double_return_of_an_unmanaged_array_throws_and_TryReturn_says_false()
    {
        var pool = Create<int, L32>();
        int[] array = pool.Rent();
        pool.Return(array);
        var ex = Assert.Throws<InvalidOperationException>(() => pool.Return(array));
        Assert.Contains("32", ex.Message, StringComparison.Ordinal);
        Assert.False(pool.TryReturn(array));
        Assert.Equal(1, pool.RetainedCount);
    }

    [Fact]
    public void An_array_rented_and_returned_over_and_over_is_still_caught_when_returned_twice()
    {
        var pool = Create<int, L32>();
        int[] array = pool.Rent();
        for (int i = 0; i < 3; i++)
        {
            pool.Return(array);
            Assert.Same(array, pool.Rent());
        }

        pool.Return(array);
        Assert.Throws<InvalidOperationException>(() => pool.Return(array));
        Assert.False(pool.TryReturn(array));
        Assert.Equal(1, pool.RetainedCount);
        Assert.Same(array, pool.Rent());
        Assert.Equal(0, pool.RetainedCount);
        Assert.True(pool.TryReturn(array));
        Assert.False(pool.TryReturn(array));
    }

    [Fact]
    public void An_array_that_never_comes_back_does_not_stop_the_pool_and_is_accepted_when_it_does()
    {
        var pool = Create<int, L32>();
        pool.Return(new int[32]);
        int[] kept = pool.Rent();
        int[] other = new int[32];
        pool.Return(other);
        Assert.Same(other, pool.Rent());
        pool.Return(other);
        pool.Return(kept);
        Assert.Equal(2, pool.RetainedCount);
        var rented = new HashSet<int[]>(ReferenceEqualityComparer.Instance) { pool.Rent(), pool.Rent() };
        Assert.Equal(2, rented.Count);
        Assert.Contains(kept, rented);
        Assert.Contains(other, rented);
    }

    [Fact]
    public void Double_return_is_caught_below_the_top_of_the_stack()
    {
        var pool = Create<double, L8>();
        double[] a = pool.Rent();
        double[] b = pool.Rent();
        pool.Return(a);
        pool.Return(b);
        Assert.Throws<InvalidOperationException>(() => pool.Return(a));
        Assert.Equal(2, pool.RetainedCount);
    }

    [Fact]
    public void Double_return_of_a_reference_array_throws()
    {
        var pool = Create<string, L8>();
        string[] array = pool.Rent();
        array[0] = "x";
        pool.Return(array);
        Assert.Throws<InvalidOperationException>(() => pool.Return(array));
    }

    [Fact]
    public void Double_return_of_an_array_too_short_for_the_cookie_throws()
    {
        var pool = Create<byte, L3>();
        byte[] array = pool.Rent();
        pool.Return(array);
        Assert.Throws<InvalidOperationException>(() => pool.Return(array));
    }

    [Fact]
    public void An_array_whose_tail_looks_like_the_cookie_but_is_not_pooled_is_accepted()
    {
        var pool = Create<long, L8>();
        long[] array = pool.Rent();
        array[7] = PoolCookie.Value;
        pool.Return(array);
        Assert.Same(array, pool.Rent());
    }

    [Fact]
    public void Rented_arrays_do_not_carry_the_cookie()
    {
        var pool = Create<long, L8>();
        long[] array = pool.Rent();
        pool.Return(array);
        Assert.NotEqual(PoolCookie.Value, pool.Rent()[7]);
    }

    [Fact]
    public void Reference_element_arrays_are_cleared_on_return()
    {
        var pool = Create<object, L16>();
        object[] array = pool.Rent();
        Array.Fill(array, new object());
        pool.Return(array);
        object[] again = pool.Rent();
        Assert.Same(array, again);
        Assert.All(again, item => Assert.Null(item));
    }

    [Fact]
    public void Prewarm_creates_exactly_count_arrays()
    {
        var pool = Create<int, L128>();
        pool.Prewarm(10);
        Assert.Equal(10, pool.RetainedCount);
        var seen = new HashSet<int[]>();
        for (int i = 0; i < 10; i++)
        {
            seen.Add(pool.Rent());
        }

        Assert.Equal(10, seen.Count);
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void Untouched_reference_arrays_go_back_however_many_are_out()
    {
        // Their last element is null, which is also how a pooled reference array looks: only the scan may decide.
        var pool = Create<string, L8>(maximumRetained: 4);
        string[] first = pool.Rent();
        string[] second = pool.Rent();
        string[] third = pool.Rent();
        pool.Return(first);
        Assert.True(pool.TryReturn(second));
        Assert.True(pool.TryReturn(third));
        Assert.Equal(3, pool.RetainedCount);
        Assert.False(pool.TryReturn(third));
    }

    [Fact]
    public void Prewarm_beyond_the_bound_or_negative_throws()
    {
        var pool = Create<int, L8>(maximumRetained: 4);
        pool.Prewarm(3);
        ArgumentOutOfRangeException beyond = Assert.Throws<ArgumentOutOfRangeException>("count", () => pool.Prewarm(2));
        Assert.StartsWith("Must be from 0 to the pool's free room, 1.", beyond.Message);
        Assert.Throws<ArgumentOutOfRangeException>("count", () => pool.Prewarm(-1));
        Assert.Equal(3, pool.RetainedCount);
    }

    [Fact]
    public void The_bound_on_retained_arrays_holds_and_TryReturn_reports_a_full_pool()
    {
        var pool = Create<int, L8>(maximumRetained: 2);
        int[] a = pool.Rent(), b = pool.Rent(), c = pool.Rent();
        pool.Return(a);
        Assert.True(pool.TryReturn(b));
        pool.Return(c); // dropped, not an error
        Assert.Equal(2, pool.RetainedCount);
        Assert.False(pool.TryReturn(new int[8]));
    }

    [Fact]
    public void Storage_grows_past_its_initial_size_up_to_the_bound()
    {
        var pool = Create<int, L8>(maximumRetained: 100);
        var arrays = new List<int[]>();
        for (int i = 0; i < 150; i++)
        {
            arrays.Add(pool.Rent());
        }

        arrays.ForEach(a => pool.TryReturn(a));
        Assert.Equal(100, pool.RetainedCount);
    }

    [Fact]
    public void A_lease_returns_its_array_once_and_a_second_dispose_is_a_double_return()
    {
        var pool = Create<int, L256>();
        IDisposable lease = pool.Rent(out int[] array);
        Assert.Equal(256, array.Length);
        lease.Dispose();
        Assert.Equal(1, pool.RetainedCount);
        Assert.Throws<InvalidOperationException>(() => lease.Dispose());
        Assert.Same(array, pool.Rent());
    }

    [Fact]
    public void Trim_drops_every_retained_array()
    {
        var pool = Create<int, L512>();
        pool.Prewarm(5);
        Assert.Equal(5, pool.Trim());
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void A_user_declared_length_works()
    {
        var pool = Create<long, L3>();
        long[] array = pool.Rent();
        Assert.Equal(3, array.Length);
        pool.Return(array);
        Assert.Throws<InvalidOperationException>(() => pool.Return(array));
    }
}

public class FixedArrayPoolTests : FixedPoolSuite
{
    protected override IFixedPoolUnderTest<T> Create<T, TLength>(int maximumRetained = 1024) =>
        new SingleThreadedPool<T, TLength>(maximumRetained);

    [Fact]
    public void A_non_positive_length_or_negative_bound_is_rejected()
    {
        ArgumentOutOfRangeException zero = Assert.Throws<ArgumentOutOfRangeException>(nameof(LZero), () => new FixedArrayPool<int, LZero>());
        Assert.StartsWith("A fixed length must be positive.", zero.Message);
        Assert.Throws<ArgumentOutOfRangeException>(() => new FixedArrayPool<int, L8>(-1));
    }

    [Fact]
    public void Clearing_can_be_switched_off_for_reference_arrays_but_the_last_element_is_still_reset()
    {
        var pool = new FixedArrayPool<string, L8>(16, clearOnReturn: false);
        string[] array = pool.Rent();
        Array.Fill(array, "kept");
        pool.Return(array);
        string[] again = pool.Rent();
        Assert.Equal("kept", again[0]);
        Assert.Null(again[7]);
    }

    [Fact]
    public void Unmanaged_arrays_can_be_cleared_on_request()
    {
        var pool = new FixedArrayPool<int, L8>(16, clearOnReturn: true);
        int[] array = pool.Rent();
        Array.Fill(array, 5);
        pool.Return(array);
        Assert.All(pool.Rent(), x => Assert.Equal(0, x));
    }

    [Fact]
    public void Steady_state_rent_and_return_allocate_nothing()
    {
        var pool = new FixedArrayPool<int, L32>();
        AllocationAssert.NoneInSteadyState(() => RentAndReturn(pool));

        static void RentAndReturn(FixedArrayPool<int, L32> pool)
        {
            for (int i = 0; i < 10_000; i++)
            {
                pool.Return(pool.Rent());
            }
        }
    }
}

public class ConcurrentFixedArrayPoolTests : FixedPoolSuite
{
    protected override IFixedPoolUnderTest<T> Create<T, TLength>(int maximumRetained = 1024) =>
        new ConcurrentPool<T, TLength>(maximumRetained);

    [Fact]
    public void A_non_positive_length_or_negative_bound_is_rejected()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new ConcurrentFixedArrayPool<int, LZero>());
        Assert.Throws<ArgumentOutOfRangeException>(() => new ConcurrentFixedArrayPool<int, L8>(-1));
    }

    [Fact]
    public void Shared_is_one_instance_with_the_default_bound()
    {
        Assert.Same(ConcurrentFixedArrayPool<int, L64>.Shared, ConcurrentFixedArrayPool<int, L64>.Shared);
        Assert.Equal(ConcurrentFixedArrayPool<int, L64>.DefaultMaximumRetained, ConcurrentFixedArrayPool<int, L64>.Shared.MaximumRetained);
    }

    [Fact]
    public void The_bound_can_be_raised_and_lowered_and_a_lowered_one_releases_the_excess_at_once()
    {
        var pool = new ConcurrentFixedArrayPool<int, L16>(4);
        Assert.Throws<ArgumentOutOfRangeException>(() => pool.Prewarm(5));

        pool.MaximumRetained = 10;
        Assert.Equal(10, pool.MaximumRetained);
        pool.Prewarm(10);
        Assert.Equal(10, pool.RetainedCount);
        Assert.False(pool.TryReturn(new int[16]));

        pool.MaximumRetained = 3;
        Assert.Equal(3, pool.RetainedCount);
        Assert.False(pool.TryReturn(new int[16]));
        int[] rented = pool.Rent();
        Assert.Equal(2, pool.RetainedCount);
        pool.Return(rented);
        Assert.Equal(3, pool.RetainedCount);

        pool.MaximumRetained = 0;
        Assert.Equal(0, pool.RetainedCount);
        Assert.False(pool.TryReturn(rented));

        ArgumentOutOfRangeException error = Assert.Throws<ArgumentOutOfRangeException>("value", () => pool.MaximumRetained = -1);
        Assert.Equal(-1L, error.ActualValue);
        Assert.Equal(0, pool.MaximumRetained);
    }

    [Fact]
    public void Shared_takes_a_bound_of_its_own_beside_its_thread_slots()
    {
        FreshThread.Run(() =>
        {
            ConcurrentFixedArrayPool<ushort, L16> pool = ConcurrentFixedArrayPool<ushort, L16>.Shared;
            try
            {
                pool.MaximumRetained = 2;
                ushort[][] arrays = [pool.Rent(), pool.Rent(), pool.Rent(), pool.Rent()];
                foreach (ushort[] array in arrays)
                {
                    pool.TryReturn(array);
                }

                // This thread's slot holds one array beyond the bound, the stack two.
                Assert.Equal(3, pool.RetainedCount);
                pool.MaximumRetained = 1;
                Assert.Equal(2, pool.RetainedCount);
            }
            finally
            {
                pool.MaximumRetained = ConcurrentFixedArrayPool<ushort, L16>.DefaultMaximumRetained;
                pool.Trim();
            }
        });
    }

    [Fact]
    public void Changing_the_bound_while_threads_rent_and_return_never_loses_the_count()
    {
        var pool = new ConcurrentFixedArrayPool<long, L8>(64);
        FreshThread.RunTogether(3, thread =>
        {
            for (int i = 0; i < 20_000; i++)
            {
                if (thread == 0)
                {
                    pool.MaximumRetained = i % 64;
                }
                else
                {
                    long[] array = pool.Rent();
                    Assert.Equal(8, array.Length);
                    pool.TryReturn(array);
                }
            }
        });

        pool.MaximumRetained = 5;
        Assert.True(pool.RetainedCount <= 5);
        pool.Trim();
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void Return_allocates_nothing_once_warm()
    {
        var pool = new ConcurrentFixedArrayPool<int, L32>();
        var arrays = new int[100][];
        AllocationAssert.NoneInSteadyState(() => RentAllReturnAll(pool, arrays)); // the first run grows the storage

        static void RentAllReturnAll(ConcurrentFixedArrayPool<int, L32> pool, int[][] arrays)
        {
            for (int round = 0; round < 100; round++)
            {
                for (int i = 0; i < arrays.Length; i++)
                {
                    arrays[i] = pool.Rent();
                }

                foreach (int[] a in arrays)
                {
                    pool.Return(a);
                }
            }
        }
    }

    [Fact]
    public void Two_threads_never_own_the_same_array()
    {
        var pool = new ConcurrentFixedArrayPool<long, L16>(64);
        long violations = 0;

        void Work(long owner)
        {
            var held = new long[4][];
            for (int round = 0; round < 250_000; round++)
            {
                for (int i = 0; i < held.Length; i++)
                {
                    held[i] = pool.Rent();
                    held[i][0] = owner;
                    held[i][5] = owner;
                }

                for (int i = 0; i < held.Length; i++)
                {
                    if (held[i][0] != owner || held[i][5] != owner)
                    {
                        System.Threading.Interlocked.Increment(ref violations);
                    }

                    pool.Return(held[i]);
                }
            }
        }

        var first = new System.Threading.Thread(() => Work(1));
        var second = new System.Threading.Thread(() => Work(2));
        first.Start();
        second.Start();
        first.Join();
        second.Join();
        Assert.Equal(0, violations);
        Assert.True(pool.RetainedCount <= 64);
    }
}

public class ThreadStaticFixedArrayPoolTests : FixedPoolSuite
{
    protected override IFixedPoolUnderTest<T> Create<T, TLength>(int maximumRetained = 1024) =>
        new ThreadStaticPool<T, TLength>(maximumRetained);

    [Fact]
    public void Lowering_the_bound_releases_the_threads_excess_at_its_next_return()
    {
        ThreadStaticFixedArrayPool<sbyte, L64> pool = ThreadStaticFixedArrayPool<sbyte, L64>.Shared;
        pool.MaximumRetained = 10;
        pool.Trim();
        pool.Prewarm(10);
        sbyte[] array = pool.Rent();
        pool.MaximumRetained = 4;
        Assert.Equal(9, pool.RetainedCount);
        pool.Return(array);
        Assert.Equal(4, pool.RetainedCount);
        Assert.False(pool.TryReturn(new sbyte[64]));
        pool.MaximumRetained = ThreadStaticFixedArrayPool<sbyte, L64>.DefaultMaximumRetained;
        pool.Trim();
    }

    [Fact]
    public void A_bound_lowered_to_zero_while_the_front_is_lent_drops_it_on_its_return()
    {
        var pool = ThreadStaticFixedArrayPool<byte, L128>.Shared;
        pool.Trim();
        pool.Prewarm(1);
        byte[] front = pool.Rent(); // the only pooled array: the front, lent
        pool.MaximumRetained = 0;

        pool.Return(front);

        Assert.Equal(0, pool.RetainedCount);
        pool.MaximumRetained = ThreadStaticFixedArrayPool<byte, L128>.DefaultMaximumRetained;
        pool.Return(front);
        Assert.Equal(1, pool.RetainedCount);
        pool.Trim();
    }

    [Fact]
    public void Null_and_other_lengths_are_refused_once_the_thread_has_a_stack()
    {
        var pool = ThreadStaticFixedArrayPool<uint, L256>.Shared;
        pool.Return(pool.Rent()); // this thread's stack exists from here on, its front lent and back

        Assert.Equal("array", Assert.Throws<ArgumentNullException>(() => pool.Return(null!)).ParamName);
        Assert.Equal("array", Assert.Throws<ArgumentException>(() => pool.Return(new uint[255])).ParamName);
        uint[] lent = pool.Rent();
        Assert.Equal("array", Assert.Throws<ArgumentNullException>(() => pool.Return(null!)).ParamName);
        pool.Return(lent);
        Assert.Equal(1, pool.RetainedCount);
    }

    [Fact]
    public void An_array_returned_on_another_thread_joins_that_threads_stack()
    {
        var pool = ThreadStaticFixedArrayPool<short, L1024>.Shared;
        pool.Trim();
        short[] array = pool.Rent();
        int countThere = -1;
        short[]? rentedThere = null;
        var thread = new System.Threading.Thread(() =>
        {
            pool.Return(array);
            countThere = pool.RetainedCount;
            rentedThere = pool.Rent();
        });
        thread.Start();
        thread.Join();
        Assert.Equal(1, countThere);
        Assert.Same(array, rentedThere);
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void Each_thread_has_its_own_stack()
    {
        var pool = ThreadStaticFixedArrayPool<ushort, L2048>.Shared;
        pool.Trim();
        pool.Prewarm(3);
        int countThere = -1;
        var thread = new System.Threading.Thread(() => countThere = pool.RetainedCount);
        thread.Start();
        thread.Join();
        Assert.Equal(0, countThere);
        Assert.Equal(3, pool.RetainedCount);
    }

    [Fact]
    public void A_negative_per_thread_bound_is_rejected() =>
        Assert.Throws<ArgumentOutOfRangeException>(() => ThreadStaticFixedArrayPool<int, L8>.Shared.MaximumRetained = -1);

    [Fact]
    public void A_non_positive_length_is_rejected() =>
        Assert.Throws<TypeInitializationException>(() => ThreadStaticFixedArrayPool<int, LZero>.Shared);
}

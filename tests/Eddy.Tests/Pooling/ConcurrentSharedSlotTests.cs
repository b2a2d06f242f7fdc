using System;
using System.Threading;
using Eddy.Pooling;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Pooling;

/// <summary>
/// <see cref="ConcurrentFixedArrayPool{T, TLength}.Shared"/>'s thread slots: one array per thread outside the locked
/// stack. Each test uses element and length types of its own, so that no other test shares its Shared pool.
/// </summary>
public class ConcurrentSharedSlotTests
{
    [Fact]
    public void A_pair_on_one_thread_gets_its_own_array_back_from_the_slot()
    {
        var pool = ConcurrentFixedArrayPool<ushort, L8>.Shared;
        ushort[] first = pool.Rent();
        pool.Return(first);
        Assert.Equal(1, pool.RetainedCount);

        ushort[] second = pool.Rent();

        Assert.Same(first, second);
        Assert.Equal(0, pool.RetainedCount);
        pool.Return(second);
    }

    [Fact]
    public void A_second_array_goes_to_the_stack_and_both_come_back()
    {
        var pool = ConcurrentFixedArrayPool<uint, L16>.Shared;
        uint[] a = pool.Rent();
        uint[] b = pool.Rent();
        Assert.NotSame(a, b);

        pool.Return(a);
        pool.Return(b);
        Assert.Equal(2, pool.RetainedCount);

        uint[] c = pool.Rent();
        uint[] d = pool.Rent();
        Assert.Same(a, c);
        Assert.Same(b, d);
        pool.Return(c);
        pool.Return(d);
        Assert.Equal(2, pool.Trim());
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void Returning_the_slots_array_twice_throws_and_leaves_it_pooled_once()
    {
        var pool = ConcurrentFixedArrayPool<ulong, L32>.Shared;
        pool.Return(pool.Rent()); // this thread's slot exists from here on, so the next return takes the inlined path
        ulong[] array = pool.Rent();
        pool.Return(array);

        var error = Assert.Throws<InvalidOperationException>(() => pool.Return(array));

        Assert.Equal($"An array of the fixed length 32 was returned to the pool twice: it is already in the pool.", error.Message);
        Assert.False(pool.TryReturn(array));
        Assert.Equal(1, pool.RetainedCount);
        Assert.Same(array, pool.Rent());
        Assert.NotSame(array, pool.Rent());
    }

    [Fact]
    public void Returning_twice_is_caught_when_the_first_return_filled_another_threads_slot()
    {
        var pool = ConcurrentFixedArrayPool<float, L64>.Shared;
        float[] array = pool.Rent();

        // The other thread stays alive through the checks: a thread's slot goes with the thread, and a collection
        // after it ended could take the slot, and the array in it, out of the pool.
        FreshThread.RunThenKeepAlive(() => pool.Return(array), () =>
        {
            // This thread's slot is empty, so without looking at the other thread's slot the array would be taken again.
            var error = Assert.Throws<InvalidOperationException>(() => pool.Return(array));
            Assert.Contains("returned to the pool twice", error.Message, StringComparison.Ordinal);
            Assert.False(pool.TryReturn(array));

            // With this thread's slot full the array would go to the stack: caught there too.
            float[] mine = pool.Rent();
            pool.Return(mine);
            Assert.Throws<InvalidOperationException>(() => pool.Return(array));
            Assert.Equal(2, pool.RetainedCount);
        });
    }

    [Fact]
    public void Returning_twice_is_caught_when_the_array_is_in_the_stack()
    {
        var pool = ConcurrentFixedArrayPool<double, L128>.Shared;
        double[] inSlot = pool.Rent();
        double[] inStack = pool.Rent();
        pool.Return(inSlot);
        pool.Return(inStack);
        _ = pool.Rent(); // empties this thread's slot, so the next return would go to the slot

        Assert.Throws<InvalidOperationException>(() => pool.Return(inStack));
        Assert.Equal(1, pool.RetainedCount);
    }

    [Fact]
    public void An_array_may_be_rented_on_one_thread_and_returned_on_another()
    {
        var pool = ConcurrentFixedArrayPool<short, L256>.Shared;
        short[] array = pool.Rent();
        short[]? rentedThere = null;

        FreshThread.Run(() =>
        {
            pool.Return(array);
            rentedThere = pool.Rent();
        });

        Assert.Same(array, rentedThere);
        Assert.NotSame(array, pool.Rent());
    }

    [Fact]
    public void Arrays_of_references_are_cleared_in_the_slot()
    {
        var pool = ConcurrentFixedArrayPool<string, L8>.Shared;
        foreach (bool slotExists in new[] { false, true })
        {
            // The first return creates this thread's slot; the second takes the inlined path into it.
            string[] array = pool.Rent();
            array[0] = "held";
            array[7] = "last";

            pool.Return(array);

            Assert.True(slotExists || pool.RetainedCount == 1);
            Assert.All(array, item => Assert.Null(item));
            Assert.Same(array, pool.Rent());
            pool.Return(array);
        }
    }

    [Fact]
    public void Trim_empties_every_threads_slot()
    {
        var pool = ConcurrentFixedArrayPool<char, L512>.Shared;
        char[] here = pool.Rent();
        pool.Return(here);
        FreshThread.RunThenKeepAlive(() => pool.Return(pool.Rent()), () =>
        {
            Assert.Equal(2, pool.RetainedCount);

            Assert.Equal(2, pool.Trim());

            Assert.Equal(0, pool.RetainedCount);
        });
        Assert.NotSame(here, pool.Rent());
    }

    [Fact]
    public void A_threads_slot_goes_with_the_thread()
    {
        var pool = ConcurrentFixedArrayPool<decimal, L2048>.Shared;
        decimal[] array = pool.Rent();
        // Counted while the thread lives: a collection after it ended could already have taken its slot.
        FreshThread.RunThenKeepAlive(() => pool.Return(array), () => Assert.Equal(1, pool.RetainedCount));

        // The ended thread's slot is only weakly registered: a full collection takes it, with its array, out of the
        // pool. When the runtime frees an ended thread's statics is its own business, so allow a few collections.
        for (int attempt = 0; attempt < 50 && pool.RetainedCount != 0; attempt++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            Thread.Sleep(10);
        }

        Assert.Equal(0, pool.RetainedCount);
        pool.Return(array); // no longer pooled anywhere, so not a double return
        Assert.Same(array, pool.Rent());
    }

    [Fact]
    public void Another_array_returned_while_the_slots_array_is_lent_takes_the_slot()
    {
        var pool = ConcurrentFixedArrayPool<char, L8>.Shared;
        pool.Return(pool.Rent()); // this thread's slot now holds an array
        char[] lent = pool.Rent();
        char[] other = pool.Rent(); // the slot's array is out, so this one comes from the stack or is new
        Assert.NotSame(lent, other);
        Assert.Equal(0, pool.RetainedCount);

        pool.Return(other);
        Assert.Equal(1, pool.RetainedCount);
        pool.Return(lent); // the slot is full again: to the stack
        Assert.Equal(2, pool.RetainedCount);

        Assert.Same(other, pool.Rent());
        Assert.Same(lent, pool.Rent());
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void A_lent_array_pooled_by_another_thread_is_not_taken_back_by_the_lending_slot()
    {
        var pool = ConcurrentFixedArrayPool<short, L16>.Shared;
        pool.Return(pool.Rent());
        short[] lent = pool.Rent();

        // The renter hands the array to another thread, which returns it there; the lending slot still refers to it.
        FreshThread.RunThenKeepAlive(() => pool.Return(lent), () =>
        {
            // Taking it back here as well would put it in two slots, for two renters.
            Assert.Throws<InvalidOperationException>(() => pool.Return(lent));
            Assert.Equal(1, pool.RetainedCount);
            Assert.NotSame(lent, pool.Rent());
        });
    }

    [Fact]
    public void Trim_does_not_count_a_lent_array_and_its_return_refills_the_slot()
    {
        var pool = ConcurrentFixedArrayPool<int, L128>.Shared;
        pool.Return(pool.Rent());
        int[] lent = pool.Rent();

        Assert.Equal(0, pool.Trim());
        Assert.Equal(0, pool.RetainedCount);

        pool.Return(lent);
        Assert.Equal(1, pool.RetainedCount);
        Assert.Same(lent, pool.Rent());
    }

    [Fact]
    public void Instances_have_no_slots_so_their_bound_holds()
    {
        var pool = new ConcurrentFixedArrayPool<ushort, L8>(0);
        ushort[] array = pool.Rent();

        pool.Return(array);

        Assert.Equal(0, pool.RetainedCount);
        Assert.NotSame(array, pool.Rent());
    }

    [Fact]
    public void Threads_passing_arrays_to_each_other_never_share_one()
    {
        var pool = ConcurrentFixedArrayPool<long, L1024>.Shared;
        ArrayHandOff.Run(
            threads: 4,
            rounds: 100_000,
            rent: _ => pool.Rent(),
            giveBack: array => pool.Return(array),
            mark: (array, owner) => array[0] = array[1023] = owner,
            isMarked: (array, owner) => array[0] == owner && array[1023] == owner);
    }

    [Fact]
    public void Shared_refuses_null_and_other_lengths_whether_its_slot_is_empty_or_full()
    {
        var pool = ConcurrentFixedArrayPool<byte, L16>.Shared;
        pool.Return(pool.Rent());
        byte[] held = pool.Rent(); // the slot exists and is empty

        for (int round = 0; round < 2; round++)
        {
            var nullError = Assert.Throws<ArgumentNullException>(() => pool.Return(null!));
            Assert.Equal("array", nullError.ParamName);
            var lengthError = Assert.Throws<ArgumentException>(() => pool.Return(new byte[15]));
            Assert.Equal("array", lengthError.ParamName);
            Assert.Contains("exactly 16 elements", lengthError.Message, StringComparison.Ordinal);
            Assert.False(pool.TryReturn(null));
            Assert.False(pool.TryReturn(new byte[17]));
            Assert.Equal(round, pool.RetainedCount);

            if (round == 0)
            {
                pool.Return(held); // fills the slot for the second round
            }
        }

        Assert.Same(held, pool.Rent());
    }

    [Fact]
    public void An_array_whose_mark_only_looks_pooled_is_taken()
    {
        // For arrays of references the mark is a null last element, which a caller's array often has too; the
        // registry of slots must then say no, though this thread's slot is registered.
        var pool = ConcurrentFixedArrayPool<string, L16>.Shared;
        pool.Return(pool.Rent());
        string[] array = pool.Rent();
        array[0] = "used";

        pool.Return(array);

        Assert.Equal(1, pool.RetainedCount);
        Assert.Same(array, pool.Rent());
        Assert.True(pool.TryReturn(array));
    }

    [Fact]
    public void Trimming_an_instance_leaves_the_shared_pools_slots_alone()
    {
        var shared = ConcurrentFixedArrayPool<sbyte, L32>.Shared;
        sbyte[] array = shared.Rent();
        shared.Return(array);
        var instance = new ConcurrentFixedArrayPool<sbyte, L32>();
        instance.Return(instance.Rent());

        Assert.Equal(1, instance.Trim());

        Assert.Equal(1, shared.RetainedCount);
        Assert.Same(array, shared.Rent());
    }
}

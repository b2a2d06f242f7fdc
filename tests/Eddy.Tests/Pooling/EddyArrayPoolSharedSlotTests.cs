using System;
using System.Runtime.CompilerServices;
using System.Threading;
using Eddy.Pooling;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Pooling;

/// <summary>
/// <see cref="EddyArrayPool{T}.Shared"/>'s thread slots: one array per size class per thread outside the locked
/// stacks. Each test uses element types of its own (declared here), so that no other test shares its Shared pool.
/// Unmanaged element types carry the pooled mark as a cookie in their first 8 bytes; element types with references
/// carry it as a default first element.
/// </summary>
public class EddyArrayPoolSharedSlotTests
{
    [Fact]
    public void A_pair_on_one_thread_gets_its_own_array_back_from_the_slot()
    {
        var pool = EddyArrayPool<S01>.Shared;
        S01[] first = pool.Rent(16);
        pool.Return(first);
        Assert.Equal(1, pool.RetainedCount);

        S01[] second = pool.Rent(16);

        Assert.Same(first, second);
        Assert.Equal(0, pool.RetainedCount);
        pool.Return(second); // the inlined return of the slot's lent array
        Assert.Equal(1, pool.RetainedCount);
        Assert.Same(first, pool.Rent(10));
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void A_second_array_of_a_class_goes_to_the_stack_and_both_come_back()
    {
        var pool = EddyArrayPool<S02>.Shared;
        S02[] a = pool.Rent(32);
        S02[] b = pool.Rent(32);
        Assert.NotSame(a, b);

        pool.Return(a);
        pool.Return(b);
        Assert.Equal(2, pool.RetainedCount);

        // A thread without a slot can only take from the stack: it gets the second array, not the slot's.
        Assert.Same(b, FreshThread.Run(() => pool.Rent(32)));
        Assert.Equal(1, pool.RetainedCount);
        pool.Return(b);
        Assert.Equal(2, pool.RetainedCount);

        S02[] c = pool.Rent(32);
        S02[] d = pool.Rent(32);
        Assert.Same(a, c);
        Assert.Same(b, d);
        pool.Return(c);
        pool.Return(d);
        Assert.Equal(2, pool.Trim());
        Assert.Equal(0, pool.RetainedCount);
        Assert.NotSame(a, pool.Rent(32));
    }

    [Fact]
    public void Each_size_class_has_its_own_slot()
    {
        var pool = EddyArrayPool<S03>.Shared;
        S03[] small = pool.Rent(16);
        S03[] large = pool.Rent(1000);
        Assert.Equal(1024, large.Length);

        pool.Return(small);
        pool.Return(large);
        Assert.Equal(2, pool.RetainedCount);

        // Both are in this thread's slots, not in the stacks: another thread gets neither.
        (S03[] smallThere, S03[] largeThere) = FreshThread.Run(() => (pool.Rent(16), pool.Rent(1000)));
        Assert.NotSame(small, smallThere);
        Assert.NotSame(large, largeThere);
        Assert.Equal(2, pool.RetainedCount);

        Assert.Same(large, pool.Rent(600));
        Assert.Same(small, pool.Rent(1));
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void Returning_the_slots_array_twice_throws_and_leaves_it_pooled_once()
    {
        var pool = EddyArrayPool<S04>.Shared;
        pool.Return(pool.Rent(64)); // this thread's slot exists from here on, so the next return takes the inlined path
        S04[] array = pool.Rent(64);
        pool.Return(array);
        Assert.Equal(1, pool.RetainedCount);

        var error = Assert.Throws<InvalidOperationException>(() => pool.Return(array));

        Assert.Equal("An array of 64 elements (size class 2) was returned to the pool twice: it is already in the pool.", error.Message);
        Assert.Equal(1, pool.RetainedCount);
        Assert.Same(array, pool.Rent(64));
        Assert.NotSame(array, pool.Rent(64));
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void Returning_twice_is_caught_when_the_first_return_filled_another_threads_slot()
    {
        var pool = EddyArrayPool<S05>.Shared;
        S05[] array = pool.Rent(128);

        // The other thread stays alive through the checks: a thread's slot goes with the thread, and a collection
        // after it ended could take the slot, and the array in it, out of the pool.
        FreshThread.RunThenKeepAlive(() => pool.Return(array), () =>
        {
            Assert.Equal(1, pool.RetainedCount);

            // This thread has no slot yet, so without looking at the other thread's slot the array would be taken again.
            var error = Assert.Throws<InvalidOperationException>(() => pool.Return(array));
            Assert.Contains("returned to the pool twice", error.Message, StringComparison.Ordinal);
            Assert.Equal(1, pool.RetainedCount);

            // With this thread's slot full the array would go to the stack: caught there too.
            S05[] mine = pool.Rent(128);
            Assert.NotSame(array, mine);
            pool.Return(mine);
            Assert.Throws<InvalidOperationException>(() => pool.Return(array));
            Assert.Equal(2, pool.RetainedCount);

            // And with this thread's slot lent, the array would take the slot's place: caught too.
            Assert.Same(mine, pool.Rent(128));
            Assert.Throws<InvalidOperationException>(() => pool.Return(array));
            Assert.Equal(1, pool.RetainedCount);
            pool.Return(mine);
            Assert.Equal(2, pool.RetainedCount);
        });
    }

    [Fact]
    public void Returning_twice_is_caught_when_the_array_is_in_the_stack()
    {
        var pool = EddyArrayPool<S06>.Shared;
        S06[] inSlot = pool.Rent(256);
        S06[] inStack = pool.Rent(256);
        pool.Return(inSlot);
        pool.Return(inStack);
        Assert.Same(inSlot, pool.Rent(256)); // lends the slot's array, so the next return would take the slot

        Assert.Throws<InvalidOperationException>(() => pool.Return(inStack));
        Assert.Equal(1, pool.RetainedCount);

        pool.Return(inSlot); // the slot is full again, so the next return would go to the stack
        Assert.Throws<InvalidOperationException>(() => pool.Return(inStack));
        Assert.Equal(2, pool.RetainedCount);

        Assert.Same(inSlot, pool.Rent(256));
        Assert.Same(inStack, pool.Rent(256));
        Assert.NotSame(inStack, pool.Rent(256));
    }

    [Fact]
    public void An_array_may_be_rented_on_one_thread_and_returned_on_another()
    {
        var pool = EddyArrayPool<S07>.Shared;
        S07[] array = pool.Rent(512);
        int countThere = -1;
        S07[]? rentedThere = null;

        FreshThread.Run(() =>
        {
            pool.Return(array);
            countThere = pool.RetainedCount;
            rentedThere = pool.Rent(512);
        });

        Assert.Equal(1, countThere);
        Assert.Same(array, rentedThere);
        Assert.Equal(0, pool.RetainedCount);

        // The other way round: rented on another thread, returned into this thread's slot (then the stack).
        S07[] fromThere = FreshThread.Run(() => pool.Rent(512));
        Assert.NotSame(array, fromThere);
        pool.Return(fromThere);
        Assert.Equal(1, pool.RetainedCount);
        pool.Return(array);
        Assert.Equal(2, pool.RetainedCount);
        Assert.Same(fromThere, pool.Rent(512));
        Assert.Same(array, pool.Rent(512));
    }

    [Fact]
    public void Arrays_of_references_are_cleared_in_the_slot_and_clearArray_clears_unmanaged_ones()
    {
        var references = EddyArrayPool<R08>.Shared;
        R08[] array = references.Rent(16);
        Array.Fill(array, new R08());
        references.Return(array); // creates this thread's slots
        Assert.Equal(1, references.RetainedCount);
        Assert.All(array, item => Assert.Null(item));

        Assert.Same(array, references.Rent(16));
        Array.Fill(array, new R08());
        references.Return(array); // the inlined return of the lent array
        Assert.Equal(1, references.RetainedCount);
        Assert.All(array, item => Assert.Null(item));
        Assert.Same(array, references.Rent(16));

        var withReferences = EddyArrayPool<RS08>.Shared;
        RS08[] structs = withReferences.Rent(32);
        for (int round = 0; round < 2; round++)
        {
            Array.Fill(structs, new RS08("held", round + 1));
            withReferences.Return(structs);
            Assert.Equal(1, withReferences.RetainedCount);
            Assert.All(structs, item => Assert.Equal(default, item));
            Assert.Same(structs, withReferences.Rent(32));
        }

        var unmanaged = EddyArrayPool<S08>.Shared;
        S08[] values = unmanaged.Rent(64);
        for (int round = 0; round < 2; round++)
        {
            Array.Fill(values, new S08(9));
            unmanaged.Return(values, clearArray: true);
            Assert.Equal(1, unmanaged.RetainedCount);
            S08[] again = unmanaged.Rent(64);
            Assert.Same(values, again);
            Assert.All(again, item => Assert.Equal(0, item.Value));
        }
    }

    [Fact]
    public void Trim_empties_every_threads_slot()
    {
        var pool = EddyArrayPool<S09>.Shared;
        S09[] here = pool.Rent(2048);
        pool.Return(here);

        S09[]? there = null;
        S09[]? rentedThereAfterTrim = null;
        Exception? failure = null;
        using var filled = new ManualResetEventSlim();
        using var release = new ManualResetEventSlim();
        var thread = new Thread(() =>
        {
            try
            {
                there = pool.Rent(2048);
                pool.Return(there);
                filled.Set();
                release.Wait();
                rentedThereAfterTrim = pool.Rent(2048);
            }
            catch (Exception exception)
            {
                failure = exception;
                filled.Set();
            }
        });
        thread.Start();
        try
        {
            filled.Wait();
            Assert.Null(failure);
            Assert.Equal(2, pool.RetainedCount);

            Assert.Equal(2, pool.Trim());

            Assert.Equal(0, pool.RetainedCount);
        }
        finally
        {
            release.Set();
            thread.Join();
        }

        Assert.Null(failure);
        Assert.NotNull(there);
        Assert.NotSame(there, rentedThereAfterTrim);
        Assert.NotSame(here, pool.Rent(2048));
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void A_threads_slot_goes_with_the_thread()
    {
        var pool = EddyArrayPool<S10>.Shared;
        S10[] array = pool.Rent(4096);
        ReturnOnAThreadThatEnds(pool, array);

        // The ended thread's slots are only weakly registered: a full collection takes them, with their array, out of
        // the pool. When the runtime frees an ended thread's statics is its own business, so allow a few collections.
        for (int attempt = 0; attempt < 50 && pool.RetainedCount != 0; attempt++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
            Thread.Sleep(10);
        }

        Assert.Equal(0, pool.RetainedCount);
        pool.Return(array); // no longer pooled anywhere, so not a double return
        Assert.Equal(1, pool.RetainedCount);
        Assert.Same(array, pool.Rent(4096));
    }

    [Fact]
    public void Another_array_returned_while_the_slots_array_is_lent_takes_the_slot()
    {
        var pool = EddyArrayPool<S11>.Shared;
        pool.Return(pool.Rent(16)); // this thread's slot now holds an array
        S11[] lent = pool.Rent(16);
        S11[] other = pool.Rent(16); // the slot's array is out, so this one comes from the stack or is new
        Assert.NotSame(lent, other);
        Assert.Equal(0, pool.RetainedCount);

        pool.Return(other);
        Assert.Equal(1, pool.RetainedCount);
        pool.Return(lent); // the slot is full again: to the stack
        Assert.Equal(2, pool.RetainedCount);

        // The lent array is in the stack, where a thread without a slot finds it.
        Assert.Same(lent, FreshThread.Run(() => pool.Rent(16)));
        pool.Return(lent);
        Assert.Same(other, pool.Rent(16));
        Assert.Same(lent, pool.Rent(16));
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void A_lent_array_pooled_by_another_thread_is_not_taken_back_by_the_lending_slot()
    {
        AssertNotTakenBackOnceAnotherThreadPooledIt(EddyArrayPool<S12>.Shared);

        // The same for references, whose mark is a null first element: the renter had set it, the other thread's
        // return cleared it.
        AssertNotTakenBackOnceAnotherThreadPooledIt(EddyArrayPool<R12>.Shared, lent => lent[0] = new R12());

        // And when the other thread's slot was full, so that the array went to the stack.
        var stacked = EddyArrayPool<S12B>.Shared;
        stacked.Return(stacked.Rent(32));
        S12B[] lentStacked = stacked.Rent(32);
        FreshThread.RunThenKeepAlive(
            () =>
            {
                stacked.Return(stacked.Rent(32)); // fills that thread's slot
                stacked.Return(lentStacked);
            },
            () =>
            {
                Assert.Equal(2, stacked.RetainedCount);
                Assert.Throws<InvalidOperationException>(() => stacked.Return(lentStacked));
                Assert.Equal(2, stacked.RetainedCount);
                Assert.Same(lentStacked, stacked.Rent(32)); // from the stack, this thread's slot being lent
                Assert.NotSame(lentStacked, stacked.Rent(32));
            });
    }

    /// <summary>
    /// Lends an array from this thread's slot, lets another thread return it there, and checks that returning it here
    /// too is refused: taking it back would put it in two slots, for two renters.
    /// </summary>
    private static void AssertNotTakenBackOnceAnotherThreadPooledIt<T>(EddyArrayPool<T> pool, Action<T[]>? use = null)
    {
        pool.Return(pool.Rent(32));
        T[] lent = pool.Rent(32);
        use?.Invoke(lent);

        // The renter hands the array to another thread, which returns it there; the lending slot still refers to it.
        FreshThread.RunThenKeepAlive(() => pool.Return(lent), () =>
        {
            Assert.Throws<InvalidOperationException>(() => pool.Return(lent));
            Assert.Equal(1, pool.RetainedCount);
            Assert.NotSame(lent, pool.Rent(32));
        });
    }

    [Fact]
    public void Trim_does_not_count_a_lent_array_and_its_return_refills_the_slot()
    {
        var pool = EddyArrayPool<S13>.Shared;
        pool.Return(pool.Rent(128));
        S13[] lent = pool.Rent(128);

        Assert.Equal(0, pool.Trim());
        Assert.Equal(0, pool.RetainedCount);

        pool.Return(lent);
        Assert.Equal(1, pool.RetainedCount);

        // In the slot, not the stack: another thread does not get it.
        Assert.NotSame(lent, FreshThread.Run(() => pool.Rent(128)));
        Assert.Same(lent, pool.Rent(128));
        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void Instances_have_no_slots_so_their_bound_holds()
    {
        var pool = new EddyArrayPool<S14>(maximumArrayLength: 1024, maximumRetained: 1);
        S14[] a = pool.Rent(16);
        S14[] b = pool.Rent(16);

        pool.Return(a);
        pool.Return(b);

        Assert.Equal(1, pool.RetainedCount);
        S14[] c = pool.Rent(1024);
        S14[] d = pool.Rent(1024);
        pool.Return(c);
        pool.Return(d);
        Assert.Equal(2, pool.RetainedCount);
        Assert.Equal(0, EddyArrayPool<S14>.Shared.RetainedCount);

        // The one array kept per class is in the stack, where any thread finds it.
        Assert.Same(a, FreshThread.Run(() => pool.Rent(16)));
        Assert.Same(c, FreshThread.Run(() => pool.Rent(1024)));
        Assert.Equal(0, pool.RetainedCount);
        S14[] next = pool.Rent(16);
        Assert.NotSame(a, next);
        Assert.NotSame(b, next);

        var none = new EddyArrayPool<S14>(maximumArrayLength: 1024, maximumRetained: 0);
        none.Return(none.Rent(16));
        Assert.Equal(0, none.RetainedCount);
    }

    [Fact]
    public void Threads_passing_arrays_to_each_other_never_share_one()
    {
        var pool = EddyArrayPool<S15>.Shared;

        // Two size classes, so that two slots of each thread are in play; the holder's mark over the pool's cookie
        // (the first element) and at the other end.
        ArrayHandOff.Run(
            threads: 4,
            rounds: 20_000,
            rent: round => pool.Rent((round & 3) == 3 ? 100 : 16),
            giveBack: array => pool.Return(array),
            mark: (array, owner) => array[0] = array[^1] = new S15(owner),
            isMarked: (array, owner) => array[0].Value == owner && array[^1].Value == owner);
    }

    [Fact]
    public void Shared_refuses_null_and_foreign_lengths_whether_its_slot_is_empty_or_full()
    {
        var pool = EddyArrayPool<S16>.Shared;
        S16[]? held = null;

        // Round 0: this thread has no slots yet; round 1: the slot of class 16 is lent; round 2: it is full.
        for (int round = 0; round < 3; round++)
        {
            var nullError = Assert.Throws<ArgumentNullException>(() => pool.Return(null!));
            Assert.Equal("array", nullError.ParamName);
            foreach (int length in new[] { 17, 24, 8, 1000 })
            {
                var lengthError = Assert.Throws<ArgumentException>(() => pool.Return(new S16[length]));
                Assert.Equal("array", lengthError.ParamName);
                Assert.Contains($"its length {length} is not a size class", lengthError.Message, StringComparison.Ordinal);
            }

            Assert.Equal(round == 2 ? 1 : 0, pool.RetainedCount);
            if (round == 0)
            {
                pool.Return(pool.Rent(16)); // creates this thread's slots
                held = pool.Rent(16);
            }
            else if (round == 1)
            {
                pool.Return(held!); // fills the slot for the last round
            }
        }

        Assert.Same(held, pool.Rent(16));
    }

    [Fact]
    public void Returning_Rent_0s_empty_array_to_Shared_is_ignored_whether_this_thread_has_slots_or_not()
    {
        // A length below the smallest class has a negative class index: the slot lookup must treat it as "no
        // slot", also in a Debug build, which checks arithmetic.
        var pool = EddyArrayPool<S20>.Shared;
        pool.Return(pool.Rent(0)); // no slots yet
        Assert.Equal(0, pool.RetainedCount);
        pool.Return(pool.Rent(16)); // creates this thread's slots
        Assert.Equal(1, pool.RetainedCount);

        S20[] empty = pool.Rent(0);
        Assert.Same(Array.Empty<S20>(), empty);
        pool.Return(empty);

        Assert.Equal(1, pool.RetainedCount);
    }

    [Fact]
    public void An_array_of_references_whose_first_element_is_null_only_looks_pooled()
    {
        // For arrays of references the mark is a default first element, which a caller's array may have too; the
        // exact check must then say no, though this thread's slot is registered.
        var pool = EddyArrayPool<R17>.Shared;
        pool.Return(pool.Rent(64));
        R17[] array = pool.Rent(64);
        array[^1] = new R17();

        pool.Return(array);

        Assert.Equal(1, pool.RetainedCount);
        Assert.Null(array[^1]);
        Assert.Same(array, pool.Rent(64));

        // A set first element proves the array unpooled: the inlined return takes it.
        array[0] = new R17();
        pool.Return(array);
        Assert.Equal(1, pool.RetainedCount);
        Assert.Null(array[0]);
        Assert.Same(array, pool.Rent(64));

        // With another thread's slot registered too, the check scans every thread's slots: still not pooled.
        FreshThread.RunThenKeepAlive(() => pool.Return(pool.Rent(64)), () =>
        {
            Assert.Equal(1, pool.RetainedCount);
            array[^1] = new R17();
            pool.Return(array);
            Assert.Equal(2, pool.RetainedCount);
            Assert.Same(array, pool.Rent(64));
            Assert.Equal(1, pool.RetainedCount);
        });

        // The same for a struct holding a reference, whose default first element is the mark.
        var structs = EddyArrayPool<RS17>.Shared;
        structs.Return(structs.Rent(64));
        RS17[] values = structs.Rent(64);
        values[^1] = new RS17("used");
        structs.Return(values);
        Assert.Equal(1, structs.RetainedCount);
        Assert.Same(values, structs.Rent(64));
        values[0] = new RS17("used");
        structs.Return(values);
        Assert.Equal(1, structs.RetainedCount);
        Assert.Same(values, structs.Rent(64));
    }

    [Fact]
    public void Trimming_an_instance_leaves_the_shared_pools_slots_alone()
    {
        var shared = EddyArrayPool<S18>.Shared;
        S18[] array = shared.Rent(16);
        shared.Return(array);
        var instance = new EddyArrayPool<S18>();
        instance.Return(instance.Rent(16));

        Assert.Equal(1, instance.Trim());

        Assert.Equal(0, instance.RetainedCount);
        Assert.Equal(1, shared.RetainedCount);
        Assert.Same(array, shared.Rent(16));
    }

    [Fact]
    public void RetainedCount_of_Shared_sums_the_stacks_and_every_threads_slots()
    {
        var pool = EddyArrayPool<S19>.Shared;
        S19[] inSlot = pool.Rent(16);
        S19[] inStack = pool.Rent(16);
        S19[] inOtherSlot = pool.Rent(16);
        pool.Return(inSlot);
        pool.Return(inStack);
        Assert.Equal(2, pool.RetainedCount);

        FreshThread.RunThenKeepAlive(() => pool.Return(inOtherSlot), () =>
        {
            Assert.Equal(3, pool.RetainedCount);
            Assert.Equal(3, pool.Trim());
            Assert.Equal(0, pool.RetainedCount);
        });
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    [Fact]
    public void Returning_the_slots_array_twice_is_caught_though_the_caller_wrote_over_its_mark()
    {
        var pool = EddyArrayPool<S21>.Shared;
        S21[] array = pool.Rent(16);
        pool.Return(array);
        array[0] = new S21(42); // misuse: written after its return, which wipes the pooled mark

        Assert.Throws<InvalidOperationException>(() => pool.Return(array));

        Assert.Equal(1, pool.RetainedCount);
        Assert.Same(array, pool.Rent(16));
        Assert.NotSame(array, pool.Rent(16));
    }

    [Fact]
    public void The_debugger_view_of_Shared_counts_each_class_slot_and_stack_apart()
    {
        var pool = EddyArrayPool<S22>.Shared;
        S22[] small = pool.Rent(16);
        S22[] next = pool.Rent(32);
        S22[] stacked = pool.Rent(32);
        pool.Return(small);
        pool.Return(next);
        pool.Return(stacked);

        var view = new EddyArrayPoolDebugView<S22>(pool);

        Assert.Equal(new[] { (16L, 1L), (32L, 2L) }, Array.ConvertAll(view.RetainedPerClass, line => (line.Length, line.Count)));

        // An instance of the same element type counts only its own stacks, not Shared's slots.
        var instance = new EddyArrayPool<S22>();
        instance.Return(instance.Rent(64));
        var instanceView = new EddyArrayPoolDebugView<S22>(instance);
        Assert.Equal(new[] { (64L, 1L) }, Array.ConvertAll(instanceView.RetainedPerClass, line => (line.Length, line.Count)));
    }

    [Fact]
    public void An_oversized_power_of_two_goes_back_and_is_dropped_once_the_thread_has_slots()
    {
        var pool = EddyArrayPool<S23>.Shared;
        pool.Return(pool.Rent(16)); // this thread's slots exist from here on
        S23[] oversized = pool.Rent(EddyArrayPool<S23>.DefaultMaximumArrayLength * 2);
        Assert.Equal(EddyArrayPool<S23>.DefaultMaximumArrayLength * 2, oversized.Length);

        pool.Return(oversized);

        Assert.Equal(1, pool.RetainedCount);
        Assert.NotSame(oversized, pool.Rent(EddyArrayPool<S23>.DefaultMaximumArrayLength * 2));
    }

    [Fact]
    public void A_trimming_pass_without_an_idle_delay_empties_the_slots_too()
    {
        var pool = EddyArrayPool<S24>.Shared;
        pool.Return(pool.Rent(16));
        Assert.Equal(1, pool.RetainedCount);

        Assert.Equal(1, pool.TrimIdle(idleMilliseconds: 0));

        Assert.Equal(0, pool.RetainedCount);
    }

    [Fact]
    public void A_slot_unused_across_two_trimming_passes_that_span_the_delay_loses_its_array()
    {
        var pool = EddyArrayPool<S25>.Shared;
        pool.Return(pool.Rent(16)); // fills this thread's slot of class 16
        pool.Return(pool.Rent(32));

        Assert.Equal(0, pool.TrimIdle(idleMilliseconds: 40));
        System.Threading.Thread.Sleep(60);
        pool.Return(pool.Rent(32)); // the slot of class 32 lends and takes back: used

        Assert.Equal(1, pool.TrimIdle(idleMilliseconds: 40));
        Assert.Equal(1, pool.RetainedCount);
        var view = new EddyArrayPoolDebugView<S25>(pool);
        Assert.Equal(new[] { (32L, 1L) }, Array.ConvertAll(view.RetainedPerClass, line => (line.Length, line.Count)));
    }

    [Fact]
    public void A_slot_filled_since_the_last_pass_keeps_its_array()
    {
        var pool = EddyArrayPool<S26>.Shared;
        S26[] array = pool.Rent(64);
        pool.Return(pool.Rent(16)); // this thread's slots exist; the slot of class 64 is empty

        Assert.Equal(0, pool.TrimIdle(idleMilliseconds: 40)); // notes every slot
        System.Threading.Thread.Sleep(60);
        pool.Return(array); // fills the slot of class 64: a use

        pool.TrimIdle(idleMilliseconds: 40);

        var view = new EddyArrayPoolDebugView<S26>(pool);
        Assert.Contains((64L, 1L), Array.ConvertAll(view.RetainedPerClass, line => (line.Length, line.Count)));
    }

    [Fact]
    public void Trimming_passes_of_an_instance_leave_Shareds_idle_slots_alone()
    {
        var shared = EddyArrayPool<S27>.Shared;
        shared.Return(shared.Rent(16));
        var instance = new EddyArrayPool<S27>();

        instance.TrimIdle(idleMilliseconds: 40);
        System.Threading.Thread.Sleep(60);
        instance.TrimIdle(idleMilliseconds: 40);
        instance.Trim();

        Assert.Equal(1, shared.RetainedCount);
    }

    private static void ReturnOnAThreadThatEnds(EddyArrayPool<S10> pool, S10[] array) =>
        // Counted while the thread lives: a collection after it ended could already have taken its slot.
        FreshThread.RunThenKeepAlive(() => pool.Return(array), () => Assert.Equal(1, pool.RetainedCount));

    // Element types of these tests alone: each Shared pool, and its thread slots, belongs to one test.
    private record struct S01(long Value);

    private record struct S21(long Value);

    private record struct S22(long Value);

    private record struct S23(byte Value);

    private record struct S24(long Value);

    private record struct S25(long Value);

    private record struct S26(long Value);

    private record struct S27(long Value);

    private record struct S02(long Value);

    private record struct S03(int Value);

    private record struct S04(long Value);

    private record struct S05(double Value);

    private record struct S06(long Value);

    private record struct S07(short Value);

    private record struct S08(long Value);

    private record struct S09(byte Value);

    private record struct S10(long Value);

    private record struct S11(long Value);

    private record struct S12(long Value);

    private record struct S12B(long Value);

    private record struct S13(long First, long Second);

    private record struct S14(long Value);

    private record struct S15(long Value);

    private record struct S16(long Value);

    private record struct S18(long Value);

    private record struct S19(long Value);

    private record struct S20(long Value);

    private sealed class R08;

    private sealed class R12;

    private sealed class R17;

    private record struct RS08(string? Text, int Number);

    private record struct RS17(string? Text);
}

using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using Eddy.Pooling;

namespace Eddy.Tests.Pooling;

public class ArrayStackTests
{
    [Fact]
    public void Pushes_stop_at_the_bound_and_pops_come_back_last_in_first_out()
    {
        var stack = new ArrayStack<int>(20);
        var arrays = new int[21][];
        for (int i = 0; i < arrays.Length; i++)
        {
            arrays[i] = new int[1];
            Assert.Equal(i < 20, stack.TryPush(arrays[i]));
        }

        Assert.Equal(20, stack.Count);
        Assert.True(stack.Contains(arrays[0]));
        Assert.False(stack.Contains(arrays[20]));
        Assert.Same(arrays[19], stack.TryPop());
        Assert.Equal(19, stack.Clear());
        Assert.Null(stack.TryPop());
    }

    [Fact]
    public void Lowering_the_bound_releases_the_arrays_above_it_and_raising_it_lets_the_stack_grow_again()
    {
        var stack = new ArrayStack<int>(8);
        for (int i = 0; i < 8; i++)
        {
            stack.TryPush(new int[1]);
        }

        stack.SetMaximumCount(3);
        Assert.Equal(3, stack.Count);
        Assert.False(stack.TryPush(new int[1]));
        stack.TryPop();
        Assert.True(stack.TryPush(new int[1]));
        Assert.False(stack.TryPush(new int[1]));

        stack.SetMaximumCount(5);
        Assert.True(stack.TryPush(new int[1]));
        Assert.True(stack.TryPush(new int[1]));
        Assert.False(stack.TryPush(new int[1]));
        Assert.Equal(5, stack.Count);
    }

    [Fact]
    public void Contains_finds_an_array_held_in_the_storage_below_the_front()
    {
        var stack = new ArrayStack<int>(8);
        int[] front = new int[1], middle = new int[1], top = new int[1];
        stack.TryPush(front);
        stack.TryPush(middle);
        stack.TryPush(top);
        Assert.True(stack.Contains(middle));
        Assert.True(stack.Contains(top));
        Assert.False(stack.Contains(new int[1]));
    }

    [Fact]
    public void Lowering_the_bound_keeps_the_bottom_arrays_themselves()
    {
        var stack = new ArrayStack<int>(8);
        var pushed = new int[6][];
        for (int i = 0; i < pushed.Length; i++)
        {
            pushed[i] = new int[1];
            stack.TryPush(pushed[i]);
        }

        stack.SetMaximumCount(3);
        Assert.Same(pushed[2], stack.TryPop());
        Assert.Same(pushed[1], stack.TryPop());
        Assert.Same(pushed[0], stack.TryPop());
        Assert.Null(stack.TryPop());
    }

    [Fact]
    public void Clear_lets_the_arrays_it_held_be_collected()
    {
        var stack = new ArrayStack<byte>(8);
        WeakReference[] references = PushUnreferenced(ref stack, 4);
        stack.Clear();
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        Assert.All(references, reference => Assert.False(reference.IsAlive));
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static WeakReference[] PushUnreferenced(ref ArrayStack<byte> stack, int count)
    {
        var references = new WeakReference[count];
        for (int i = 0; i < count; i++)
        {
            byte[] array = new byte[1];
            references[i] = new WeakReference(array);
            stack.TryPush(array);
        }

        return references;
    }

    [Fact]
    public void A_lent_front_is_out_of_the_count_until_it_is_taken_back()
    {
        var stack = new ArrayStack<int>(4);
        int[] front = new int[1];
        Assert.True(stack.TryPush(front));
        Assert.Same(front, stack.TryLend());
        Assert.Equal(0, stack.Count);
        Assert.False(stack.Contains(front));
        Assert.Null(stack.TryLend());
        Assert.Null(stack.TryPop());

        Assert.False(stack.TryTakeBack(new int[1]));
        Assert.True(stack.TryTakeBack(front));
        Assert.Equal(1, stack.Count);
        Assert.True(stack.Contains(front));
        Assert.False(stack.TryTakeBack(front)); // held, not lent: a second take-back is refused
        Assert.Same(front, stack.TryPop());
        Assert.Equal(0, stack.Count);
        Assert.False(stack.TryTakeBack(front)); // popped, not lent
    }

    [Fact]
    public void A_push_replaces_a_lent_front_that_has_not_come_back()
    {
        var stack = new ArrayStack<int>(4);
        int[] lost = new int[1];
        int[] next = new int[1];
        stack.TryPush(lost);
        Assert.Same(lost, stack.TryLend());
        Assert.True(stack.TryPush(next));
        Assert.Equal(1, stack.Count);
        Assert.False(stack.TryTakeBack(lost));
        Assert.Same(next, stack.TryLend());
    }

    [Fact]
    public void Pops_take_the_storage_before_the_front_so_the_order_stays_last_in_first_out()
    {
        var stack = new ArrayStack<int>(4);
        int[] a = new int[1], b = new int[1], c = new int[1];
        stack.TryPush(a);
        stack.TryPush(b);
        Assert.Same(b, stack.TryLend());
        stack.TryPush(c);
        Assert.Same(c, stack.TryLend());
        Assert.Same(a, stack.TryLend());
        Assert.Null(stack.TryLend());
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(17)]
    public void Front_and_storage_together_hold_at_most_the_bound(int bound)
    {
        var stack = new ArrayStack<int>(bound);
        int accepted = 0;
        for (int i = 0; i < bound + 3; i++)
        {
            accepted += stack.TryPush(new int[1]) ? 1 : 0;
        }

        Assert.Equal(bound, accepted);
        Assert.Equal(bound, stack.Count);

        // Down to the front, lent: the next push takes the front's place, and the bound still holds.
        while (stack.Count > 1)
        {
            stack.TryPop();
        }

        int[] lent = stack.TryLend()!;
        accepted = 0;
        for (int i = 0; i < bound + 3; i++)
        {
            accepted += stack.TryPush(new int[1]) ? 1 : 0;
        }

        Assert.Equal(bound, accepted);
        Assert.Equal(bound, stack.Count);
        Assert.False(stack.TryTakeBack(lent));
    }

    [Fact]
    public void A_bound_of_zero_holds_nothing_and_lowering_to_zero_drops_the_front()
    {
        var empty = new ArrayStack<int>(0);
        Assert.False(empty.TryPush(new int[1]));
        Assert.Equal(0, empty.Count);

        var stack = new ArrayStack<int>(3);
        int[] front = new int[1];
        stack.TryPush(front);
        Assert.Same(front, stack.TryLend());
        stack.SetMaximumCount(0);
        Assert.False(stack.TryTakeBack(front));
        Assert.Equal(0, stack.Count);
        Assert.False(stack.TryPush(front));
    }

    [Fact]
    public void Clear_counts_a_held_front_and_forgets_a_lent_one()
    {
        var stack = new ArrayStack<int>(3);
        stack.TryPush(new int[1]);
        stack.TryPush(new int[1]);
        Assert.Equal(2, stack.Clear());
        Assert.Equal(0, stack.Count);

        int[] front = new int[1];
        stack.TryPush(front);
        stack.TryLend();
        Assert.Equal(0, stack.Clear());
        Assert.False(stack.TryTakeBack(front));
    }

    [Fact]
    public void A_locked_stack_lends_nothing_it_cannot_take_back()
    {
        var stack = new LockedArrayStack<byte>(2);
        byte[] array = new byte[1];
        stack.TryPush(array);
        Assert.Same(array, stack.TryLend());
        Assert.False(stack.TryTakeBack(array));
        Assert.Equal(0, stack.Count);
        Assert.True(stack.TryPush(new byte[1]));
        Assert.True(stack.TryPush(new byte[1]));
        Assert.False(stack.TryPush(new byte[1]));
    }

    [Fact]
    public void A_locked_stack_is_drained_only_after_passes_that_saw_it_unused_for_the_idle_time()
    {
        var stack = new LockedArrayStack<byte>(4);
        stack.TryPush(new byte[1]);
        Assert.Equal(0, stack.Drain(nowTick: 1_000, idleMilliseconds: 100)); // first sight of this count
        Assert.Equal(0, stack.Drain(nowTick: 1_050, idleMilliseconds: 100));
        stack.TryPush(new byte[1]);
        Assert.Equal(0, stack.Drain(nowTick: 1_120, idleMilliseconds: 100)); // used since: the clock restarts
        Assert.Equal(0, stack.Drain(nowTick: 1_200, idleMilliseconds: 100));
        Assert.Equal(2, stack.Drain(nowTick: 1_220, idleMilliseconds: 100));
        Assert.Equal(0, stack.Count);
    }

    [Fact]
    public void A_locked_stack_is_drained_at_once_with_no_idle_time()
    {
        var stack = new LockedArrayStack<byte>(4);
        stack.TryPush(new byte[1]);
        Assert.Equal(1, stack.Drain(nowTick: 0, idleMilliseconds: 0));
        Assert.Equal(0, stack.Drain(nowTick: 0, idleMilliseconds: 0));
    }

    [Fact]
    public void A_pop_counts_as_use_for_the_idle_drain()
    {
        var stack = new LockedArrayStack<byte>(4);
        stack.TryPush(new byte[1]);
        stack.TryPush(new byte[1]);
        Assert.Equal(0, stack.Drain(nowTick: 1_000, idleMilliseconds: 100));
        Assert.NotNull(stack.TryPop());
        Assert.Equal(0, stack.Drain(nowTick: 1_150, idleMilliseconds: 100)); // popped since: the clock restarts
        Assert.Equal(1, stack.Count);
        Assert.Equal(1, stack.Drain(nowTick: 1_300, idleMilliseconds: 100));
    }

    [Fact]
    public void A_locked_stack_hands_each_array_to_one_thread_at_a_time_under_contention()
    {
        const int arrays = 8;
        const int threads = 4;
        var stack = new LockedArrayStack<byte>(arrays);
        var owners = new System.Collections.Concurrent.ConcurrentDictionary<byte[], int>(ReferenceEqualityComparer.Instance);
        for (int i = 0; i < arrays; i++)
        {
            Assert.True(stack.TryPush(new byte[1]));
        }

        int doubleOwned = 0;
        var box = new StrongBox<LockedArrayStack<byte>>(stack);
        var workers = new Thread[threads];
        for (int t = 0; t < threads; t++)
        {
            int id = t;
            workers[t] = new Thread(
                () =>
                {
                    for (int i = 0; i < 200_000; i++)
                    {
                        byte[]? array = box.Value.TryPop();
                        if (array is null)
                        {
                            continue;
                        }

                        if (!owners.TryAdd(array, id))
                        {
                            Interlocked.Increment(ref doubleOwned);
                        }

                        owners.TryRemove(array, out _);
                        box.Value.TryPush(array);
                    }
                });
            workers[t].Start();
        }

        foreach (Thread worker in workers)
        {
            worker.Join();
        }

        Assert.Equal(0, doubleOwned);
        Assert.Equal(arrays, box.Value.Count);
        var seen = new HashSet<byte[]>(ReferenceEqualityComparer.Instance);
        while (box.Value.TryPop() is { } array)
        {
            Assert.True(seen.Add(array), "an array was in the stack twice");
        }

        Assert.Equal(arrays, seen.Count);
    }
}

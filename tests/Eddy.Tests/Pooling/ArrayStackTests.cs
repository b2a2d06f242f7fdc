using System;
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
}

using System;
using System.Runtime.CompilerServices;
using System.Threading;
using Eddy.Pooling;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Pooling;

/// <summary>The registry through which a typed pool's Trim, RetainedCount and double-return check see every thread's slots.</summary>
public class ThreadSlotRegistryTests
{
    [Fact]
    public void Counts_see_every_threads_held_arrays_per_index_and_skip_lent_ones()
    {
        var registry = new ThreadSlotRegistry<int>();
        int[] mine = new int[16];
        int[] theirs = new int[32];
        LendingSlot<int>[] slots = registry.Add(3);
        slots[0].Array = mine;
        slots[2].Array = new int[64];
        slots[2].Lent = true;

        // The registry holds slot arrays weakly (a pool's thread-static keeps them alive): the other thread's are kept
        // here, or a collection caused by a test running in parallel could take them before they are counted.
        LendingSlot<int>[]? theirSlots = null;
        FreshThread.RunThenKeepAlive(
            () =>
            {
                theirSlots = registry.Add(3);
                theirSlots[1].Array = theirs;
            },
            () =>
            {
                // A collection here, as a parallel test may cause, must not lose slots a thread still holds.
                GC.Collect();
                GC.WaitForPendingFinalizers();
                Assert.Equal(2, registry.ThreadCount);
                Assert.Equal(1, registry.CountHeld(0));
                Assert.Equal(1, registry.CountHeld(1));
                Assert.Equal(0, registry.CountHeld(2));
                Assert.Equal(2, registry.CountHeld());
                Assert.True(registry.IsHeld(1, theirs));
                Assert.False(registry.IsHeld(0, theirs));
                Assert.False(registry.IsHeld(2, slots[2].Array!));

                // Held and lent arrays are dropped alike; only the held ones are counted.
                Assert.Equal(2, registry.EmptyAll());
                Assert.Equal(0, registry.CountHeld());
                Assert.Null(slots[2].Array);
                GC.KeepAlive(theirSlots);
            });
    }

    [Fact]
    public void An_ended_threads_slots_leave_the_registry()
    {
        var registry = new ThreadSlotRegistry<int>();
        AddOnAThreadThatEnds(registry);

        for (int attempt = 0; attempt < 50 && registry.CountHeld() != 0; attempt++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
            Thread.Sleep(10);
        }

        // A collected entry is skipped by every walk, and the next registration drops it.
        Assert.Equal(0, registry.CountHeld());
        Assert.Equal(0, registry.EmptyAll());
        Assert.Equal(1, registry.ThreadCount);
        registry.Add(1);
        Assert.Equal(1, registry.ThreadCount);
    }

    [Fact]
    public void Idle_slots_lose_their_arrays_after_two_passes_that_span_the_delay()
    {
        var registry = new ThreadSlotRegistry<int>();
        LendingSlot<int>[] slots = registry.Add(4);
        slots[0].Array = new int[16];         // idle
        slots[1].Array = new int[32];         // used between the passes
        slots[2].Array = new int[64];         // lent: with its renter
        slots[2].Lent = true;

        Assert.Equal(0, registry.DropIdle(Environment.TickCount, idleMilliseconds: 40)); // notes the counts
        Thread.Sleep(60);
        slots[1].Uses++;

        Assert.Equal(1, registry.DropIdle(Environment.TickCount, idleMilliseconds: 40));
        Assert.Null(slots[0].Array);
        Assert.NotNull(slots[1].Array);
        Assert.NotNull(slots[2].Array);
        Assert.Equal(0, registry.DropIdle(Environment.TickCount, idleMilliseconds: 40)); // slot 1 was used since the last pass
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void AddOnAThreadThatEnds(ThreadSlotRegistry<int> registry) =>
        FreshThread.Run(() => registry.Add(1)[0].Array = new int[16]);
}

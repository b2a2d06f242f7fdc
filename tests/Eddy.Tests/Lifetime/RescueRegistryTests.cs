using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Eddy.Lifetime;
using Eddy.Tests.Diagnostics;

namespace Eddy.Tests.Lifetime;

/// <summary>The registry beneath the rescue guards and the self-returning buffers: slots, their reuse, sweeps.</summary>
[Collection(LeakTrackingCollection.Name)]
public class RescueRegistryTests
{
    [Fact]
    public void Untracked_slots_are_reused_last_in_first_out()
    {
        var registry = new RecordingRegistry();
        lock (registry.SyncRoot)
        {
            int first = registry.TrackLocked(new object(), 1);
            int second = registry.TrackLocked(new object(), 2);
            Assert.NotEqual(first, second);

            Assert.Equal(1, registry.UntrackLocked(first));
            Assert.Equal(2, registry.UntrackLocked(second));
            Assert.Equal(0, registry.LiveCount);
            Assert.False(registry.IsLiveLocked(first));

            Assert.Equal(second, registry.TrackLocked(new object(), 3));
            Assert.Equal(first, registry.TrackLocked(new object(), 4));
            Assert.Equal(2, registry.LiveCount);
            Assert.Equal(4, registry.PayloadLocked(first));
        }
    }

    [Fact]
    public void A_sweep_after_a_collection_rescues_the_dropped_object_only_and_frees_its_slot()
    {
        var registry = new RecordingRegistry();
        var kept = new object();
        int keptSlot;
        int droppedSlot;
        lock (registry.SyncRoot)
        {
            keptSlot = registry.TrackLocked(kept, 10);
            droppedSlot = TrackADroppedObject(registry, 20);
        }

        Gc.CollectAll();
        Assert.True(registry.NeedsSweep);
        lock (registry.SyncRoot)
        {
            registry.SweepLocked();
            Assert.False(registry.NeedsSweep); // until the next collection
            Assert.Equal(new[] { 20 }, registry.Rescued);
            Assert.Equal(1, registry.LiveCount);
            Assert.True(registry.IsLiveLocked(keptSlot));
            Assert.False(registry.IsLiveLocked(droppedSlot));
            Assert.False(registry.IsLiveLocked(-1));
            Assert.False(registry.IsLiveLocked(1000));

            // The rescued slot is free: the next object takes it.
            Assert.Equal(droppedSlot, registry.TrackLocked(new object(), 30));
        }

        GC.KeepAlive(kept);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int TrackADroppedObject(RecordingRegistry registry, int payload) => registry.TrackLocked(new object(), payload);

    private sealed class RecordingRegistry : RescueRegistry<int>
    {
        public List<int> Rescued { get; } = new();

        protected override long Rescue(int payload)
        {
            Rescued.Add(payload);
            return payload;
        }
    }
}

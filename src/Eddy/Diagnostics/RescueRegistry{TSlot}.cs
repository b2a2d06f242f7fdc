using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Eddy.Diagnostics;

/// <summary>
/// Tracks objects that own pooled memory without giving them finalizers: each tracked object gets a reusable
/// <typeparamref name="TSlot"/> holding a weak handle to it. After every garbage collection (detected by the
/// next <see cref="NeedsSweep"/> check, or by a Gen2 callback for idle owners) the registry sweeps its live
/// slots; a slot whose object was collected without being untracked is rescued: its resources go back and the
/// rescue is counted as a leak.
/// </summary>
/// <remarks>
/// Every member ending in <c>Locked</c> must be called while holding <see cref="SyncRoot"/>; the owner of the
/// registry (a pool) uses the same lock for its own free lists so that a rent or return takes one lock.
/// </remarks>
/// <typeparam name="TSlot">The owner's slot type.</typeparam>
internal sealed class RescueRegistry<TSlot>
    where TSlot : RescueSlot
{
    private readonly Func<TSlot> _createSlot;
    private TSlot[] _live = new TSlot[32];
    private int _liveCount;
    private TSlot[] _spare = new TSlot[32];
    private int _spareCount;
    private int _sweptAtCollection;

    public RescueRegistry(Func<TSlot> createSlot)
    {
        _createSlot = createSlot;
        _sweptAtCollection = GC.CollectionCount(0);
    }

    /// <summary>The lock guarding the registry (and, by convention, its owner's pooled state).</summary>
    public object SyncRoot { get; } = new();

    /// <summary>The number of tracked objects that are neither untracked nor rescued yet.</summary>
    public int LiveCount => _liveCount;

    /// <summary>True when a garbage collection ran since the last sweep, so dropped objects may await rescue.</summary>
    public bool NeedsSweep
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => GC.CollectionCount(0) != _sweptAtCollection;
    }

    /// <summary>Starts tracking <paramref name="tracked"/> and returns its slot.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public TSlot TrackLocked(object tracked, StackTrace? creationStack)
    {
        Debug.Assert(Monitor.IsEntered(SyncRoot));
        TSlot slot = _spareCount > 0 ? _spare[--_spareCount] : _createSlot();
        if (_liveCount == _live.Length)
        {
            Array.Resize(ref _live, _live.Length * 2);
        }

        slot.LiveIndex = _liveCount;
        _live[_liveCount++] = slot;
        slot.TrackedType = tracked.GetType();
        slot.CreationStack = creationStack;
        slot.SetTracked(tracked);
        return slot;
    }

    /// <summary>Stops tracking the object in <paramref name="slot"/> (it was disposed) and recycles the slot.</summary>
    public void UntrackLocked(TSlot slot)
    {
        Debug.Assert(Monitor.IsEntered(SyncRoot));
        Debug.Assert(slot.LiveIndex >= 0 && _live[slot.LiveIndex] == slot);

        // Swap-remove: the last live slot takes this one's place.
        int index = slot.LiveIndex;
        int last = --_liveCount;
        TSlot moved = _live[last];
        _live[index] = moved;
        moved.LiveIndex = index;
        _live[last] = null!;

        slot.LiveIndex = -1;
        slot.SetTracked(null);
        slot.CreationStack = null;
        if (_spareCount == _spare.Length)
        {
            Array.Resize(ref _spare, _spare.Length * 2);
        }

        _spare[_spareCount++] = slot;
    }

    /// <summary>
    /// Rescues every slot whose object was collected; returns the reports to publish once the lock is released
    /// (null when there are none or nobody listens).
    /// </summary>
    public List<LeakReport>? SweepLocked()
    {
        Debug.Assert(Monitor.IsEntered(SyncRoot));
        _sweptAtCollection = GC.CollectionCount(0);

        List<LeakReport>? reports = null;
        bool wantReports = LeakTracker.HasListeners;
        long rescued = 0;
        long rescuedBytes = 0;

        // Walking down keeps swap-remove safe: the slot moved into place i was already visited.
        for (int i = _liveCount - 1; i >= 0; i--)
        {
            TSlot slot = _live[i];
            if (slot.IsTrackedAlive)
            {
                continue;
            }

            long bytes = slot.Rescue();
            rescued++;
            rescuedBytes += bytes;
            if (wantReports)
            {
                (reports ??= new List<LeakReport>()).Add(new LeakReport(slot.TrackedType!, bytes, slot.CreationStack));
            }

            UntrackLocked(slot);
        }

        if (rescued != 0)
        {
            LeakTracker.CountRescues(rescued, rescuedBytes);
        }

        return reports;
    }
}

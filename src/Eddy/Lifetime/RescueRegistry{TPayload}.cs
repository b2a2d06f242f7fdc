using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;

namespace Eddy.Lifetime;

/// <summary>
/// Tracks objects that own pooled memory without giving them finalizers. Each tracked object gets a slot: a
/// reusable weak handle to it plus a <typeparamref name="TPayload"/> naming what must go back to a pool if the
/// object is dropped without being untracked. After a garbage collection the owner sweeps (when
/// <see cref="NeedsSweep"/> says so, or from a Gen2 callback when idle): every slot whose object was collected
/// is rescued through <see cref="Rescue"/> and counted as a leak.
/// </summary>
/// <remarks>
/// <para>The slots are structs in one array indexed by slot number, not objects, so that a sweep over thousands of
/// slots reads memory sequentially instead of chasing a pointer (and missing the cache) per slot, and so that
/// writing a slot needs no covariant array-store checks. Free slot numbers are reused last-in first-out. A freed
/// slot keeps its weak handle's old target: clearing it would cost a runtime call per untrack, and a free slot's
/// handle is never read.</para>
/// <para>Members ending in <c>Locked</c> must be called while holding <see cref="SyncRoot"/>; the owner uses the
/// same lock for its own state, so that a rent or a return takes one lock.</para>
/// </remarks>
/// <typeparam name="TPayload">What the owner needs to rescue a slot (for example the lent array).</typeparam>
internal abstract class RescueRegistry<TPayload>
{
    private Slot[] _slots = new Slot[16];
    private int[] _free = new int[16];
    private int _freeCount;
    private int _highWater;
    private int _liveCount;
    private int _sweptAtCollection = GC.CollectionCount(0);

    ~RescueRegistry()
    {
        // Weak handles are not memory the GC frees on its own.
        for (int i = 0; i < _highWater; i++)
        {
            if (_slots[i].Handle.IsAllocated)
            {
                _slots[i].Handle.Free();
            }
        }
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

    /// <summary>Starts tracking <paramref name="tracked"/>; returns its slot number.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int TrackLocked(object tracked, TPayload payload, StackTrace? creationStack = null)
    {
        Debug.Assert(Monitor.IsEntered(SyncRoot));
        int slot = _freeCount > 0 ? _free[--_freeCount] : NewSlotLocked();
        ref Slot entry = ref _slots[slot];
        entry.Type = tracked.GetType();
        entry.Payload = payload;
        entry.CreationStack = creationStack;
        entry.Handle.Target = tracked;
        _liveCount++;
        return slot;
    }

    /// <summary>Files the sampled creation stack of the object in a live slot.</summary>
    public void SetCreationStackLocked(int slot, StackTrace creationStack)
    {
        Debug.Assert(Monitor.IsEntered(SyncRoot) && _slots[slot].Type is not null);
        _slots[slot].CreationStack = creationStack;
    }

    /// <summary>True when <paramref name="slot"/> is a slot number in use.</summary>
    public bool IsLiveLocked(int slot) => unchecked((uint)slot) < (uint)_highWater && _slots[slot].Type is not null;

    /// <summary>The payload of a live slot, to read or replace.</summary>
    public ref TPayload PayloadLocked(int slot)
    {
        Debug.Assert(Monitor.IsEntered(SyncRoot) && _slots[slot].Type is not null);
        return ref _slots[slot].Payload;
    }

    /// <summary>Stops tracking the object in <paramref name="slot"/> (it was disposed); returns the slot's payload.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public TPayload UntrackLocked(int slot)
    {
        Debug.Assert(Monitor.IsEntered(SyncRoot) && _slots[slot].Type is not null);
        TPayload payload = _slots[slot].Payload;
        FreeLocked(slot);
        return payload;
    }

    /// <summary>
    /// Rescues every slot whose object was collected; returns the reports to publish once the lock is released
    /// (null when there are none or nobody wants them).
    /// </summary>
    public List<RescueReport>? SweepLocked()
    {
        Debug.Assert(Monitor.IsEntered(SyncRoot));
        _sweptAtCollection = GC.CollectionCount(0);

        List<RescueReport>? reports = null;
        bool wantReports = Rescues.WantsReports;
        long rescued = 0;
        long rescuedBytes = 0;
        Slot[] slots = _slots;
        for (int slot = 0; slot < _highWater; slot++)
        {
            ref Slot entry = ref slots[slot];
            Type? type = entry.Type;
            if (type is null || entry.Handle.Target is not null)
            {
                continue;
            }

            long bytes = Rescue(entry.Payload);
            rescued++;
            rescuedBytes += bytes;
            if (wantReports)
            {
                (reports ??= new List<RescueReport>()).Add(new RescueReport(type, bytes, entry.CreationStack));
            }

            FreeLocked(slot);
        }

        if (rescued != 0)
        {
            Rescues.Record(rescued, rescuedBytes);
        }

        return reports;
    }

    /// <summary>
    /// Gives the payload's resources back after its object was collected undisposed; returns the bytes given
    /// back. Runs under the lock, on a thread that was tracking or on the finalizer thread.
    /// </summary>
    protected abstract long Rescue(TPayload payload);

    private void FreeLocked(int slot)
    {
        ref Slot entry = ref _slots[slot];
        entry.Type = null;
        entry.Payload = default!;
        entry.CreationStack = null;
        _liveCount--;
        if (_freeCount == _free.Length)
        {
            Array.Resize(ref _free, _free.Length * 2);
        }

        _free[_freeCount++] = slot;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private int NewSlotLocked()
    {
        if (_highWater == _slots.Length)
        {
            Array.Resize(ref _slots, _slots.Length * 2);
        }

        int slot = _highWater++;
        _slots[slot].Handle = GCHandle.Alloc(null, GCHandleType.Weak);
        return slot;
    }

    private struct Slot
    {
        /// <summary>Weak: cleared as soon as the tracked object is unreachable, so the next sweep sees it.</summary>
        public GCHandle Handle;

        /// <summary>What to rescue.</summary>
        public TPayload Payload;

        /// <summary>The tracked object's type (the object is gone by the time a leak is reported); null when free.</summary>
        public Type? Type;

        /// <summary>The sampled creation stack, if any.</summary>
        public StackTrace? CreationStack;
    }
}

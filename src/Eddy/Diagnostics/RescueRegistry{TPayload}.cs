using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;

namespace Eddy.Diagnostics;

/// <summary>
/// Tracks objects that own pooled memory without giving them finalizers. Each tracked object gets a slot: a
/// reusable weak handle to it plus a <typeparamref name="TPayload"/> naming what must go back to a pool if the
/// object is dropped without being untracked. After a garbage collection the owner sweeps (when
/// <see cref="NeedsSweep"/> says so, or from a Gen2 callback when idle): every slot whose object was collected
/// is rescued through <see cref="Rescue"/> and counted as a leak.
/// </summary>
/// <remarks>
/// <para>The slots are parallel arrays indexed by slot number, not objects, so that a sweep over thousands of
/// slots reads memory sequentially instead of chasing a pointer (and missing the cache) per slot. Free slot
/// numbers are reused last-in first-out.</para>
/// <para>Members ending in <c>Locked</c> must be called while holding <see cref="SyncRoot"/>; the owner uses the
/// same lock for its own state, so that a rent or a return takes one lock.</para>
/// </remarks>
/// <typeparam name="TPayload">What the owner needs to rescue a slot (for example the lent array).</typeparam>
internal abstract class RescueRegistry<TPayload>
{
    private GCHandle[] _handles = new GCHandle[16];
    private TPayload[] _payloads = new TPayload[16];
    private Type?[] _types = new Type?[16]; // non-null marks a slot in use
    private StackTrace?[] _stacks = new StackTrace?[16];
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
            if (_handles[i].IsAllocated)
            {
                _handles[i].Free();
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
    public int TrackLocked(object tracked, TPayload payload, StackTrace? creationStack)
    {
        Debug.Assert(Monitor.IsEntered(SyncRoot));
        int slot = _freeCount > 0 ? _free[--_freeCount] : NewSlotLocked();
        _types[slot] = tracked.GetType();
        _payloads[slot] = payload;
        _stacks[slot] = creationStack;
        _handles[slot].Target = tracked;
        _liveCount++;
        return slot;
    }

    /// <summary>True when <paramref name="slot"/> is a slot number in use.</summary>
    public bool IsLiveLocked(int slot) => (uint)slot < (uint)_highWater && _types[slot] is not null;

    /// <summary>The payload of a live slot, to read or replace.</summary>
    public ref TPayload PayloadLocked(int slot)
    {
        Debug.Assert(Monitor.IsEntered(SyncRoot) && _types[slot] is not null);
        return ref _payloads[slot];
    }

    /// <summary>Stops tracking the object in <paramref name="slot"/> (it was disposed); returns the slot's payload.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public TPayload UntrackLocked(int slot)
    {
        Debug.Assert(Monitor.IsEntered(SyncRoot) && _types[slot] is not null);
        TPayload payload = _payloads[slot];
        _handles[slot].Target = null;
        FreeLocked(slot);
        return payload;
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
        GCHandle[] handles = _handles;
        Type?[] types = _types;
        for (int slot = 0; slot < _highWater; slot++)
        {
            Type? type = types[slot];
            if (type is null || handles[slot].Target is not null)
            {
                continue;
            }

            long bytes = Rescue(_payloads[slot]);
            rescued++;
            rescuedBytes += bytes;
            if (wantReports)
            {
                (reports ??= new List<LeakReport>()).Add(new LeakReport(type, bytes, _stacks[slot]));
            }

            FreeLocked(slot);
        }

        if (rescued != 0)
        {
            LeakTracker.CountRescues(rescued, rescuedBytes);
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
        _types[slot] = null;
        _payloads[slot] = default!;
        _stacks[slot] = null;
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
        if (_highWater == _handles.Length)
        {
            int length = _handles.Length * 2;
            Array.Resize(ref _handles, length);
            Array.Resize(ref _payloads, length);
            Array.Resize(ref _types, length);
            Array.Resize(ref _stacks, length);
        }

        int slot = _highWater++;
        _handles[slot] = GCHandle.Alloc(null, GCHandleType.Weak);
        return slot;
    }
}

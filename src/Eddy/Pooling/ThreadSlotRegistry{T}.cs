using System;
using System.Collections.Generic;
using System.Threading;

namespace Eddy.Pooling;

/// <summary>
/// Every live thread's slots of one typed pool, so that <c>Trim</c>, <c>RetainedCount</c> and the double-return
/// check see the slots of all threads. A thread's slots are an array of <see cref="LendingSlot{T}"/> (one per size
/// class) that the pool keeps in a thread static; the registry holds them weakly, so they go with their thread.
/// </summary>
internal sealed class ThreadSlotRegistry<T>
{
    private readonly List<WeakReference<LendingSlot<T>[]>> _slots = [];
    private int _threadCount;

    /// <summary>Slot arrays registered, including those of threads that ended since the last registration.</summary>
    public int ThreadCount => Volatile.Read(ref _threadCount);

    /// <summary>Creates and registers the calling thread's slots.</summary>
    public LendingSlot<T>[] Add(int slotCount)
    {
        var slots = new LendingSlot<T>[slotCount];
        lock (_slots)
        {
            // The slots of threads that have ended went with them; their entries go here.
            _slots.RemoveAll(static reference => !reference.TryGetTarget(out _));
            _slots.Add(new WeakReference<LendingSlot<T>[]>(slots));
            Volatile.Write(ref _threadCount, _slots.Count);
        }

        return slots;
    }

    /// <summary>Whether any thread's slot <paramref name="index"/> holds <paramref name="array"/> (not lent): the exact double-return check.</summary>
    public bool IsHeld(int index, T[] array) => CountHeld(index, index + 1, array) != 0;

    /// <summary>How many slots <paramref name="index"/> hold an array.</summary>
    public int CountHeld(int index) => CountHeld(index, index + 1, only: null);

    /// <summary>How many slots of every index hold an array.</summary>
    public int CountHeld() => CountHeld(0, int.MaxValue, only: null);

    /// <summary>
    /// Drops every slot's array, lent or not (a lent one is with its renter, whose return then refills the slot);
    /// returns how many held one. A slot's own thread may take or put back its array meanwhile: at worst the
    /// count is off by that array, and no array is handed out twice, since this only drops.
    /// </summary>
    public int EmptyAll() => CountWhere(
        0,
        int.MaxValue,
        state: 0,
        static (ref LendingSlot<T> slot, int _) =>
            Interlocked.Exchange(ref slot.Array, null) is not null && !Volatile.Read(ref slot.Lent));

    /// <summary>
    /// Drops the arrays of the slots unused (no rent from them, no array put in) for at least
    /// <paramref name="idleMilliseconds"/>, as seen by passes that span that long (so the owner's fast path records
    /// no time); returns how many it dropped. Lent arrays are left alone; like <see cref="EmptyAll"/> this only
    /// drops, so no array is handed out twice.
    /// </summary>
    public int DropIdle(int nowTick, int idleMilliseconds) => CountWhere(
        0,
        int.MaxValue,
        state: (Now: nowTick, Idle: idleMilliseconds),
        static (ref LendingSlot<T> slot, (int Now, int Idle) pass) =>
        {
            int uses = Volatile.Read(ref slot.Uses);
            if (uses != slot.UsesAtLastTrim || slot.IdleSinceTick == 0)
            {
                slot.UsesAtLastTrim = uses;
                slot.IdleSinceTick = pass.Now;
                return false;
            }

            return unchecked(pass.Now - slot.IdleSinceTick) >= pass.Idle
                && Volatile.Read(ref slot.Array) is { } held && !Volatile.Read(ref slot.Lent)
                && ReferenceEquals(Interlocked.CompareExchange(ref slot.Array, null, held), held);
        });

    private int CountHeld(int firstIndex, int endIndex, T[]? only) => CountWhere(
        firstIndex,
        endIndex,
        only,
        static (ref LendingSlot<T> slot, T[]? only) => LendingSlots.Holds(ref slot.Lent, ref slot.Array, only));

    /// <summary>Applies <paramref name="rule"/> to slots <paramref name="firstIndex"/> up to <paramref name="endIndex"/> of every live thread, under the lock; counts the slots it returned true for.</summary>
    private int CountWhere<TState>(int firstIndex, int endIndex, TState state, SlotRule<TState> rule)
    {
        int count = 0;
        lock (_slots)
        {
            foreach (WeakReference<LendingSlot<T>[]> reference in _slots)
            {
                if (!reference.TryGetTarget(out LendingSlot<T>[]? slots))
                {
                    continue;
                }

                for (int i = firstIndex; i < slots.Length && i < endIndex; i++)
                {
                    if (rule(ref slots[i], state))
                    {
                        count++;
                    }
                }
            }
        }

        return count;
    }

    private delegate bool SlotRule<in TState>(ref LendingSlot<T> slot, TState state);
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Threading;
using Eddy.Internal;

namespace Eddy.Pooling;

/// <summary>
/// A thread-safe pool of arrays of one length, chosen by the marker type <typeparamref name="TLength"/>.
/// Renting and returning take a tiny spin lock around a pop or push; neither allocates once the pool's
/// storage has grown to its working size. <see cref="Shared"/> also keeps one array per thread in a thread-local
/// slot, so a Rent and Return on one thread take no lock at all.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <typeparam name="TLength">The marker whose <see cref="IFixedLength.Length"/> is the array length.</typeparam>
/// <remarks>
/// Arrays of element types that hold references are cleared on return by default. Returning an array that is
/// already in the pool (in its stack or, for <see cref="Shared"/>, in any thread's slot) throws; two threads returning
/// the same array at the same instant is a race the check cannot see. The thread slots of <see cref="Shared"/> hold
/// one array per thread beyond <see cref="MaximumRetained"/>; <see cref="Trim"/> empties them.
/// </remarks>
[DebuggerDisplay("ArrayLength = {ArrayLength}, RetainedCount = {RetainedCount}, MaximumRetained = {MaximumRetained}")]
public sealed class ConcurrentFixedArrayPool<T, TLength> : IFixedArrayReturn<T>
    where TLength : struct, IFixedLength
{
    /// <summary>The default bound on retained arrays.</summary>
    internal const int DefaultMaximumRetained = 1024;

    private static readonly ConcurrentFixedArrayPool<T, TLength> s_shared = new(DefaultMaximumRetained, RuntimeHelpers.IsReferenceOrContainsReferences<T>(), threadSlots: true);

    // The thread slots of Shared (instances have none, so their bound holds exactly): one array each, lent on Rent
    // and taken back on Return without a lock. A slot lends its array: it keeps the reference and sets Lent, so
    // the common pair (Rent, then Return of that array on that thread) stores no reference and pays no GC write
    // barrier. A lent array counts as out of the pool: it is in the pool in at most one place, a slot that has not
    // lent it or the stack. Another array returned while the slot's array is lent takes the slot's place. The
    // registry lets a return on any thread, and Trim, see every slot.
    [ThreadStatic]
    private static ThreadSlot? t_slot;

    private static readonly List<WeakReference<ThreadSlot>> s_slots = [];

    private readonly bool _clearOnReturn;
    private readonly bool _threadSlots;
    private LockedArrayStack<T> _stack;

    /// <summary>Creates a pool that keeps at most 1024 arrays.</summary>
    public ConcurrentFixedArrayPool()
        : this(DefaultMaximumRetained)
    {
    }

    /// <summary>Creates a pool that keeps at most <paramref name="maximumRetained"/> arrays.</summary>
    /// <param name="maximumRetained">The bound on retained arrays; returns beyond it are dropped.</param>
    public ConcurrentFixedArrayPool(int maximumRetained)
        : this(maximumRetained, RuntimeHelpers.IsReferenceOrContainsReferences<T>())
    {
    }

    /// <summary>Creates a pool.</summary>
    /// <param name="maximumRetained">The bound on retained arrays; returns beyond it are dropped.</param>
    /// <param name="clearOnReturn">True to zero arrays on return (the default for element types with references).</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maximumRetained"/> is negative, or the marker's length is not positive.</exception>
    public ConcurrentFixedArrayPool(int maximumRetained, bool clearOnReturn)
        : this(maximumRetained, clearOnReturn, threadSlots: false)
    {
    }

    private ConcurrentFixedArrayPool(int maximumRetained, bool clearOnReturn, bool threadSlots)
    {
        ThrowHelper.ThrowIfNegative(maximumRetained);
        FixedArrayPoolCore<T, TLength>.ValidateLength();
        _stack = new LockedArrayStack<T>(maximumRetained);
        _clearOnReturn = clearOnReturn;
        _threadSlots = threadSlots;
    }

    /// <summary>A process-wide instance with the default bound.</summary>
    public static ConcurrentFixedArrayPool<T, TLength> Shared => s_shared;

    /// <summary>The length of every array of this pool.</summary>
    internal static int ArrayLength
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => default(TLength).Length;
    }

    /// <summary>Arrays in the pool now.</summary>
    internal int RetainedCount => _stack.Count + (_threadSlots ? CountSlotArrays() : 0);

    /// <summary>
    /// The bound on retained arrays (for <see cref="Shared"/>, beyond the one array each thread's slot may hold). It can
    /// be changed at any time, from any thread: lowering it below what the pool holds releases the excess at once.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative.</exception>
    public int MaximumRetained
    {
        get => _stack.MaximumCount;
        set
        {
            ThrowHelper.ThrowIfNegative(value);
            _stack.SetMaximumCount(value);
        }
    }

    /// <summary>Rents an array of exactly <typeparamref name="TLength"/>'s length, pooled or new.</summary>
    /// <returns>The array; give it back with <see cref="Return"/>.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T[] Rent()
    {
        // The thread's slot is read first, on every path and by every pool: an unconditional thread-static read
        // lets the JIT hoist the thread-static base out of a caller's loop.
        ThreadSlot? current = t_slot;
        if (_threadSlots && current is { Array: { } array, Lent: false } slot)
        {
            slot.Lent = true;
            PooledArrayMark<T>.Unmark(array, ArrayLength);
            return array;
        }

        return FixedArrayPoolCore<T, TLength>.Rent(ref _stack, _clearOnReturn);
    }

    /// <summary>Rents an array inside a lease that returns it when disposed: <c>using var lease = pool.Rent(out var array);</c></summary>
    /// <param name="array">The rented array.</param>
    /// <returns>The lease; dispose it once.</returns>
    public FixedArrayLease<T> Rent(out T[] array)
    {
        array = Rent();
        return new FixedArrayLease<T>(this, array);
    }

    /// <summary>Returns an array; it is dropped when the pool is full.</summary>
    /// <param name="array">An array of exactly <typeparamref name="TLength"/>'s length.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="array"/> has another length.</exception>
    /// <exception cref="InvalidOperationException"><paramref name="array"/> is already in the pool.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Return(T[] array)
    {
        // Read first, on every path, as in Rent.
        ThreadSlot? current = t_slot;
        if (_threadSlots)
        {
            // The common return: the array this thread's slot lent, back from its renter. The mark must say "not
            // pooled": a lent array that went on to another thread's slot or the stack is pooled there, and taking
            // it back here too would let two renters have it.
            if (current is { Lent: true } slot && ReferenceEquals(slot.Array, array)
                && !PooledArrayMark<T>.MayBePooled(array, ArrayLength))
            {
                FixedArrayPoolCore<T, TLength>.Prepare(array, _clearOnReturn);
                slot.Lent = false;
                return;
            }

            ReturnToSharedSlow(array);
            return;
        }

        FixedArrayPoolCore<T, TLength>.Return(ref _stack, array, _clearOnReturn);
    }

    /// <summary>Returns an array if it can be pooled; never throws.</summary>
    /// <param name="array">The array.</param>
    /// <returns>True when the pool took the array; false when it is null, of another length, already in the pool, or the pool is full.</returns>
    internal bool TryReturn(T[]? array)
    {
        if (_threadSlots && array is not null && array.Length == ArrayLength)
        {
            SlotReturn outcome = ReturnToSlot(array);
            if (outcome != SlotReturn.ToStack)
            {
                return outcome == SlotReturn.Taken;
            }
        }

        return FixedArrayPoolCore<T, TLength>.TryReturn(ref _stack, array, _clearOnReturn);
    }

    /// <summary>Creates exactly <paramref name="count"/> new arrays and adds them to the pool.</summary>
    /// <param name="count">How many arrays to create.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative or would take the pool past <see cref="MaximumRetained"/>.</exception>
    public void Prewarm(int count) => FixedArrayPoolCore<T, TLength>.Prewarm(ref _stack, count, _clearOnReturn);

    /// <summary>Releases every pooled array.</summary>
    /// <returns>How many arrays were released.</returns>
    public int Trim() => _stack.Clear() + (_threadSlots ? EmptySlots() : 0);

    private enum SlotReturn
    {
        /// <summary>The array is in this thread's slot now.</summary>
        Taken,

        /// <summary>The slot is full: the array goes to the stack, whose own checks follow.</summary>
        ToStack,

        /// <summary>The array is already in a slot or in the stack.</summary>
        ReturnedTwice,
    }

    /// <summary>Every return to <see cref="Shared"/> that the inlined path does not take, with the same checks and exceptions.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReturnToSharedSlow(T[]? array)
    {
        FixedArrayPoolCore<T, TLength>.ValidateReturnedArray(array);
        SlotReturn outcome = ReturnToSlot(array);
        if (outcome == SlotReturn.ReturnedTwice)
        {
            ThrowHelper.ThrowInvalidOperationException_ReturnedTwice($"An array of the fixed length {ArrayLength}");
        }

        if (outcome == SlotReturn.ToStack)
        {
            FixedArrayPoolCore<T, TLength>.Return(ref _stack, array, _clearOnReturn);
        }
    }

    /// <summary>Puts a validated array into this thread's slot when it is empty, after the double-return check.</summary>
    private SlotReturn ReturnToSlot(T[] array)
    {
        ThreadSlot slot = t_slot ?? CreateSlot();
        if (slot.Array is { } held && !slot.Lent)
        {
            // The stack's own check (in FixedArrayPoolCore) does not see the other threads' slots.
            return ReferenceEquals(held, array) || (PooledArrayMark<T>.MayBePooled(array, ArrayLength) && IsInSomeSlot(array))
                ? SlotReturn.ReturnedTwice
                : SlotReturn.ToStack;
        }

        if (PooledArrayMark<T>.MayBePooled(array, ArrayLength) && (_stack.Contains(array) || IsInSomeSlot(array)))
        {
            return SlotReturn.ReturnedTwice;
        }

        FixedArrayPoolCore<T, TLength>.Prepare(array, _clearOnReturn);
        LendingSlots.Hold(ref slot.Lent, ref slot.Array, array);
        return SlotReturn.Taken;
    }

    /// <summary>Whether any thread's slot holds the array: the exact check behind the mark's hint.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool IsInSomeSlot(T[] array) => CountHeldArrays(only: array) != 0;

    private static int CountSlotArrays() => CountHeldArrays(only: null);

    /// <summary>How many live slots hold an array they have not lent: any array, or only <paramref name="only"/>.</summary>
    private static int CountHeldArrays(T[]? only)
    {
        int count = 0;
        lock (s_slots)
        {
            foreach (WeakReference<ThreadSlot> reference in s_slots)
            {
                if (reference.TryGetTarget(out ThreadSlot? slot) && LendingSlots.Holds(ref slot.Lent, ref slot.Array, only))
                {
                    count++;
                }
            }
        }

        return count;
    }

    /// <summary>
    /// Drops every slot's array, lent or not (a lent one is with its renter, whose return then refills the slot).
    /// A slot's own thread may take or put back its array meanwhile; at worst the count is off by that one array,
    /// and no array is handed out twice, since this only drops.
    /// </summary>
    private static int EmptySlots()
    {
        int dropped = 0;
        lock (s_slots)
        {
            foreach (WeakReference<ThreadSlot> reference in s_slots)
            {
                if (reference.TryGetTarget(out ThreadSlot? slot) && Interlocked.Exchange(ref slot.Array, null) is not null
                    && !Volatile.Read(ref slot.Lent))
                {
                    dropped++;
                }
            }
        }

        return dropped;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static ThreadSlot CreateSlot()
    {
        var slot = new ThreadSlot();
        lock (s_slots)
        {
            // The slots of threads that have ended went with them; their entries go here.
            s_slots.RemoveAll(static reference => !reference.TryGetTarget(out _));
            s_slots.Add(new WeakReference<ThreadSlot>(slot));
        }

        t_slot = slot;
        return slot;
    }

    private sealed class ThreadSlot
    {
        public T[]? Array;

        /// <summary>True while <see cref="Array"/> is out with a renter: the slot then holds nothing.</summary>
        public bool Lent;
    }
}

using System;
using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Eddy.Internal;

namespace Eddy.Pooling;

/// <summary>
/// An <see cref="ArrayPool{T}"/> built from Eddy's pieces, to pass wherever the BCL accepts an
/// <see cref="ArrayPool{T}"/>: power-of-two size classes from 16 elements to <see cref="MaximumArrayLength"/>,
/// each a bounded thread-safe stack, with Eddy's safety checks (double returns and foreign lengths throw,
/// arrays of element types with references are cleared on return by default).
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <remarks>
/// Requests above <see cref="MaximumArrayLength"/> get an unpooled array of exactly the requested length; any
/// array longer than <see cref="MaximumArrayLength"/> is accepted on return and dropped. Shorter arrays must
/// have exactly a class length, else <see cref="ArgumentException"/>. <see cref="Shared"/> also keeps one array per
/// size class per thread in a thread-local slot, so a Rent and Return on one thread take no lock; those slots
/// hold arrays beyond <see cref="MaximumRetained"/>, and <see cref="Trim"/> empties them. Instances have
/// no slots, so their bound holds exactly. Returning an array already in the pool (in a stack or, for
/// <see cref="Shared"/>, in any thread's slot) throws; two threads returning one array at the same instant is a
/// race the check cannot see. After each Gen2 collection the pool releases the arrays of every size class and
/// thread slot unused for 30 seconds, and under memory pressure everything. For bytes prefer
/// <see cref="BlockPool"/>, which adds a byte cap.
/// </remarks>
[DebuggerDisplay("RetainedCount = {RetainedCount}, MaximumArrayLength = {MaximumArrayLength}, MaximumRetained = {MaximumRetained}")]
[DebuggerTypeProxy(typeof(EddyArrayPoolDebugView<>))]
public sealed class EddyArrayPool<T> : ArrayPool<T>
{
    /// <summary>The default of <see cref="MaximumArrayLength"/>: 1,048,576 elements.</summary>
    internal const int DefaultMaximumArrayLength = 1 << 20;

    /// <summary>The default bound on arrays retained per size class.</summary>
    internal const int DefaultMaximumRetained = 64;

    private const int MinimumShift = 4;

    private static readonly EddyArrayPool<T> s_shared = new(
        DefaultMaximumArrayLength, DefaultMaximumRetained, RuntimeHelpers.IsReferenceOrContainsReferences<T>(), threadSlots: true);

    // The thread slots of Shared, one per size class (see LendingSlot), and the registry through which Trim,
    // RetainedCount and the double-return check reach every thread's slots.
    [ThreadStatic]
    private static LendingSlot<T>[]? t_slots;

    private static readonly ThreadSlotRegistry<T> s_slotRegistry = new();

    /// <summary>How long a size class's stack must go unused before a Gen2 collection releases its arrays (as <see cref="BlockPoolOptions.IdleTrimDelay"/>'s default).</summary>
    internal const int DefaultIdleTrimMilliseconds = 30_000;

    private readonly LockedArrayStack<T>[] _classes;
    private readonly int _maximumArrayLength;
    private readonly bool _clearOnReturn;
    private readonly bool _threadSlots;

    /// <summary>Creates a pool with the default limits.</summary>
    public EddyArrayPool()
        : this(DefaultMaximumArrayLength, DefaultMaximumRetained)
    {
    }

    /// <summary>Creates a pool that clears arrays on return when the element type holds references.</summary>
    /// <param name="maximumArrayLength">The largest pooled length, a power of two from 16 to 2^30.</param>
    /// <param name="maximumRetained">The bound on arrays retained per size class.</param>
    /// <exception cref="ArgumentOutOfRangeException">A limit is out of range.</exception>
    public EddyArrayPool(int maximumArrayLength, int maximumRetained)
        : this(maximumArrayLength, maximumRetained, RuntimeHelpers.IsReferenceOrContainsReferences<T>())
    {
    }

    /// <summary>Creates a pool.</summary>
    /// <param name="maximumArrayLength">The largest pooled length, a power of two from 16 to 2^30.</param>
    /// <param name="maximumRetained">The bound on arrays retained per size class.</param>
    /// <param name="clearOnReturn">True to zero every returned array (the default for element types with references).</param>
    /// <exception cref="ArgumentOutOfRangeException">A limit is out of range.</exception>
    public EddyArrayPool(int maximumArrayLength, int maximumRetained, bool clearOnReturn)
        : this(maximumArrayLength, maximumRetained, clearOnReturn, threadSlots: false)
    {
    }

    private EddyArrayPool(int maximumArrayLength, int maximumRetained, bool clearOnReturn, bool threadSlots)
    {
        if (!SizeClass.IsPowerOfTwo(maximumArrayLength) || maximumArrayLength < 1 << MinimumShift || maximumArrayLength > SizeClass.MaxPowerOfTwo)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(maximumArrayLength), maximumArrayLength, "Must be a power of two from 16 to 2^30.");
        }

        ThrowHelper.ThrowIfNegative(maximumRetained);
        _maximumArrayLength = maximumArrayLength;
        _clearOnReturn = clearOnReturn;
        _threadSlots = threadSlots;
        _classes = new LockedArrayStack<T>[SizeClass.GetExactIndex(maximumArrayLength, MinimumShift) + 1];
        for (int i = 0; i < _classes.Length; i++)
        {
            _classes[i] = new LockedArrayStack<T>(maximumRetained);
        }

        Gen2GcCallback.Register(static pool => ((EddyArrayPool<T>)pool).OnGen2Collection(), this);
    }

    /// <summary>How long a size class must go unused before a Gen2 collection releases its arrays; settable for tests.</summary>
    internal int IdleTrimMilliseconds { get; set; } = DefaultIdleTrimMilliseconds;

    /// <summary>A process-wide instance with the default limits.</summary>
    public static new EddyArrayPool<T> Shared => s_shared;

    /// <summary>The largest pooled array length.</summary>
    public int MaximumArrayLength => _maximumArrayLength;

    /// <summary>Whether every returned array is zeroed (the constructor's <c>clearOnReturn</c>).</summary>
    internal bool ClearsOnReturn => _clearOnReturn;

    /// <summary>The bound on arrays retained per size class.</summary>
    public int MaximumRetained => _classes[0].MaximumCount;

    /// <summary>Arrays retained now, all classes together.</summary>
    internal int RetainedCount
    {
        get
        {
            int total = 0;
            for (int i = 0; i < _classes.Length; i++)
            {
                total += _classes[i].Count;
            }

            return _threadSlots ? total + s_slotRegistry.CountHeld() : total;
        }
    }

    /// <summary>Arrays retained now in the size class of index <paramref name="index"/> (length 16 &lt;&lt; index), for the debugger view.</summary>
    internal int RetainedCountOfClass(int index) => _classes[index].Count + (_threadSlots ? s_slotRegistry.CountHeld(index) : 0);

    internal int ClassCount => _classes.Length;

    /// <summary>Rents an array of at least <paramref name="minimumLength"/> elements (an empty one for 0).</summary>
    /// <param name="minimumLength">The least length needed.</param>
    /// <returns>The array.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="minimumLength"/> is negative.</exception>
    public override T[] Rent(int minimumLength)
    {
        // The thread's slots are read first, on every path and by every pool: an unconditional thread-static read
        // lets the JIT hoist the thread-static base out of a caller's loop.
        LendingSlot<T>[]? slots = t_slots;

        // 0 and negative lengths wrap to huge values and take the unusual path.
        if (unchecked((uint)(minimumLength - 1)) < (uint)_maximumArrayLength)
        {
            int index = SizeClass.GetIndexOfPositive(minimumLength, MinimumShift);
            if (_threadSlots && slots is not null)
            {
                ref LendingSlot<T> slot = ref slots[index];
                if (slot.Array is { } lendable && !slot.Lent)
                {
                    slot.Lent = true;
                    slot.Uses++;
                    PooledArrayMark<T>.UnmarkHead(lendable);
                    return lendable;
                }
            }

            T[]? array = _classes[index].TryPop();
            if (array is not null)
            {
                PooledArrayMark<T>.UnmarkHead(array);
                return array;
            }

            return ArrayAllocation.New<T>(SizeClass.GetSize(index, MinimumShift), _clearOnReturn);
        }

        if (minimumLength == 0)
        {
            return Array.Empty<T>();
        }

        if (minimumLength < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException_NeedNonNegative(nameof(minimumLength), minimumLength);
        }

        return ArrayAllocation.New<T>(minimumLength, _clearOnReturn);
    }

    /// <summary>Returns an array: pooled if its length is a class length (dropped when the class is full), dropped if longer than <see cref="MaximumArrayLength"/>, ignored if empty.</summary>
    /// <param name="array">The array.</param>
    /// <param name="clearArray">True to clear the array before anyone else can rent it.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentException">The array's length is not one this pool hands out.</exception>
    /// <exception cref="InvalidOperationException">The array is already in the pool.</exception>
    public override void Return(T[] array, bool clearArray = false)
    {
        // Read first, on every path, as in Rent.
        LendingSlot<T>[]? slots = t_slots;
        if (array is null)
        {
            ThrowHelper.ThrowArgumentNullException(nameof(array));
        }

        // The common return first: the array this thread's slot lent, back from its renter. Being that slot's
        // array proves its length is the class's, so no length check comes before. The mark must say "not
        // pooled": a lent array that went on to another thread's slot or a stack is pooled there, and taking it
        // back here too would let two renters have it.
        int log2 = SizeClass.Log2(unchecked((uint)array.Length)) - MinimumShift;
        if (_threadSlots && slots is not null && unchecked((uint)log2) < (uint)slots.Length)
        {
            ref LendingSlot<T> slot = ref slots[log2];
            if (slot.Lent && ReferenceEquals(slot.Array, array) && !PooledArrayMark<T>.MayBePooledAtHead(array))
            {
                Prepare(array, clearArray | _clearOnReturn);
                slot.Lent = false;
                return;
            }
        }

        ReturnUsual(array, clearArray | _clearOnReturn);
    }

    /// <summary>Every return but the inlined one: checks the length, then the thread slot (<see cref="Shared"/>) or the stack.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReturnUsual(T[] array, bool clear)
    {
        int length = array.Length;
        int index = SizeClass.GetExactIndex(length, MinimumShift);
        if (unchecked((uint)index) >= (uint)_classes.Length)
        {
            if (length != 0 && length <= _maximumArrayLength)
            {
                ThrowHelper.ThrowArgumentException(
                    $"The array was not rented from this pool: its length {length} is not a size class (a power of two from 16 to {_maximumArrayLength}).",
                    nameof(array));
            }

            return;
        }

        if (_threadSlots)
        {
            ReturnToShared(array, index, clear);
            return;
        }

        ReturnToStack(array, index, clear, inSomeSlot: false);
    }

    /// <summary>Releases every retained array, the thread slots' included.</summary>
    /// <returns>How many arrays were released.</returns>
    public int Trim()
    {
        int total = 0;
        for (int i = 0; i < _classes.Length; i++)
        {
            total += _classes[i].Clear();
        }

        return _threadSlots ? total + s_slotRegistry.EmptyAll() : total;
    }

    /// <summary>
    /// Runs after each Gen2 collection: releases the arrays of every size class and every thread slot unused for
    /// <see cref="IdleTrimMilliseconds"/>, and under memory pressure everything. Unused means no rent or return
    /// (for a slot: no rent from it and no array put in) between passes that span that long, so the hot path records no time.
    /// </summary>
    private bool OnGen2Collection()
    {
        TrimIdle(BlockPool.IsMemoryLoadHigh() ? 0 : IdleTrimMilliseconds);
        return true;
    }

    /// <summary>One trimming pass (everything when <paramref name="idleMilliseconds"/> is 0); returns how many arrays it released.</summary>
    internal int TrimIdle(int idleMilliseconds)
    {
        if (idleMilliseconds <= 0)
        {
            return Trim();
        }

        int now = Environment.TickCount;
        int total = _threadSlots ? s_slotRegistry.DropIdle(now, idleMilliseconds) : 0;
        for (int i = 0; i < _classes.Length; i++)
        {
            total += _classes[i].Drain(now, idleMilliseconds);
        }

        return total;
    }

    /// <summary>What every array entering the pool gets: cleared when asked, then marked as pooled.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Prepare(T[] array, bool clear)
    {
        if (clear)
        {
            Clear(array);
        }

        PooledArrayMark<T>.MarkHead(array);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Clear(T[] array) => array.AsSpan().Clear();

    /// <summary>A return to <see cref="Shared"/> that the inlined path does not take: into this thread's slot when it is empty or lent, else to the stack.</summary>
    private void ReturnToShared(T[] array, int index, bool clear)
    {
        LendingSlot<T>[] slots = t_slots ??= s_slotRegistry.Add(_classes.Length);
        ref LendingSlot<T> slot = ref slots[index];
        bool mayBePooled = PooledArrayMark<T>.MayBePooledAtHead(array);

        // This thread's slot is checked whatever the mark says (a caller who wrote into the array after returning it
        // wiped the mark). Only the slots of other threads need the registry's scan, so a pool used by one thread
        // never takes its lock.
        bool inSomeSlot = (ReferenceEquals(slot.Array, array) && !slot.Lent)
            || (mayBePooled && s_slotRegistry.ThreadCount > 1 && s_slotRegistry.IsHeld(index, array));
        if (slot.Array is not null && !slot.Lent)
        {
            ReturnToStack(array, index, clear, inSomeSlot);
            return;
        }

        if (inSomeSlot || (mayBePooled && _classes[index].Contains(array)))
        {
            ThrowReturnedTwice(array.Length, index);
        }

        // An empty slot, or one whose array is out with a renter: this array takes its place.
        Prepare(array, clear);
        LendingSlots.Hold(ref slot.Lent, ref slot.Array, array);
        slot.Uses++;
    }

    private void ReturnToStack(T[] array, int index, bool clear, bool inSomeSlot)
    {
        ref LockedArrayStack<T> stack = ref _classes[index];
        if (inSomeSlot || (PooledArrayMark<T>.MayBePooledAtHead(array) && stack.Contains(array)))
        {
            ThrowReturnedTwice(array.Length, index);
        }

        // Prepared before it is pushed: once in the stack, another thread may rent it and unmark it.
        Prepare(array, clear);
        stack.TryPush(array);
    }

    private static void ThrowReturnedTwice(int length, int index) =>
        ThrowHelper.ThrowInvalidOperationException_ReturnedTwice($"An array of {length} elements (size class {index})");
}

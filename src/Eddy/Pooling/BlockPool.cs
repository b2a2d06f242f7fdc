using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;
using Eddy.Internal;

namespace Eddy.Pooling;

/// <summary>
/// The pool of byte blocks behind Eddy's streams and buffer writers: power-of-two size classes from 256 B to
/// <see cref="BlockPoolOptions.MaximumBlockLength"/> (1 MiB by default), a thread-local slot per size class,
/// per-core stacks behind it, a hard cap on retained bytes, trimming after Gen2 collections and under memory
/// pressure, optional clear-on-return and double-return detection.
/// </summary>
/// <remarks>
/// <para>
/// Requests above the largest class are not pooled: they get a fresh array whose length is rounded up to a
/// multiple of the largest class (or, above the largest such multiple an array can have, the exact length).
/// On return an array is accepted when its length is exactly a class size (it is pooled), or when it is larger
/// than the largest class and has the shape <c>Rent</c> gives oversized arrays (it is dropped and counted);
/// any other length throws <see cref="ArgumentException"/>. Arrays of a class size that came from elsewhere
/// cannot be told apart and are pooled, as <see cref="ArrayPool{T}.Shared"/> does.
/// </para>
/// <para>
/// Thread safety: every member may be called from any thread; a block rented on one thread may be returned
/// on another. Double-return detection is exact for a return that happens after the block is back in the
/// pool; two threads returning the same block at the same instant is a race the check cannot see.
/// </para>
/// </remarks>
public sealed partial class BlockPool : ArrayPool<byte>
{
    /// <summary>The smallest block length, the size of class 0.</summary>
    internal const int MinimumBlockLength = 1 << MinimumShift;

    private const int MinimumShift = 8;
    private const int MaximumStacks = 64;

    // A thread keeps up to this many bytes per size class in its slot and stash together, and at most
    // 1 + StashStride blocks: so the small classes (up to 8 KiB) keep 8, 16 KiB keeps 4, 32 KiB 2, and from
    // 64 KiB on a block per class (the slot alone). A thread holds at most about 190 KiB beyond its slots.
    private const int StashBytesPerClass = 64 << 10;
    private const int StashStride = 7;
    private const int StashedClassCount = 8;

    /// <summary>The per-process random value stamped into the first 8 bytes of a block while it is pooled.</summary>
    private static readonly long s_cookie = PoolCookie.Value;

    // A thread-local slot holds a block, null (a reservation against the cap but no block), or this marker:
    // no reservation. The marker is zero-length, unlike any block.
    private static readonly byte[] s_unreserved = new byte[0];

    // The shared pool's thread tier: the slot array itself, so the fast path does one load after the
    // thread-static access; the cache object that owns it is kept alive by the second field.
    [ThreadStatic]
    private static BlockSlot[]? t_sharedSlots;

    [ThreadStatic]
    private static ThreadCache? t_sharedCache;

    // The cache of the instance pool (any pool but Shared) this thread used last: using one instance pool in a
    // row costs a thread-static read and a compare instead of a ThreadLocal<T> lookup. It may outlive its
    // pool, so the pool's finalizer drops the blocks it holds.
    [ThreadStatic]
    private static ThreadCache? t_lastInstanceCache;

    private static readonly BlockPool s_shared = new(BlockPoolOptions.Default, isShared: true);

    private readonly bool _isShared;
    private readonly ThreadLocal<ThreadCache?>? _threadCaches;
    private readonly int _maximumBlockLength;
    private readonly int _classCount;
    private readonly long _maximumRetainedBytes;
    private readonly bool _clearOnReturn;
    private readonly bool _detectDoubleReturn;
    private readonly int _pinnedMinimumLength;
    private readonly int _idleTrimMilliseconds;
    private readonly LockedArrayStack<byte>[][] _stacks;
    // Weak handles, not WeakReference objects: those are finalized with the pool, and the pool's finalizer
    // must still reach the caches.
    private readonly List<GCHandle> _caches = new();
    private readonly object _cachesLock = new();

    private readonly BlockPoolAccounts _accounts = new();
    private long _allocatedBlocks;
    private long _allocatedBytes;
    private long _droppedBlocks;
    private long _droppedBytes;
    private long _trimmedBlocks;
    private long _trimmedBytes;

    /// <summary>Creates a pool with default options.</summary>
    public BlockPool()
        : this(BlockPoolOptions.Default, isShared: false)
    {
    }

    /// <summary>Creates a pool with the given options.</summary>
    /// <param name="options">The settings; see <see cref="BlockPoolOptions"/> for the defaults.</param>
    /// <exception cref="ArgumentNullException"><paramref name="options"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">An option is out of its documented range.</exception>
    public BlockPool(BlockPoolOptions options)
        : this(options, isShared: false)
    {
    }

    private BlockPool(BlockPoolOptions options, bool isShared)
    {
        ThrowHelper.ThrowIfNull(options);
        ValidateOptions(options);

        _isShared = isShared;
        _maximumBlockLength = options.MaximumBlockLength;
        _classCount = SizeClass.GetExactIndex(_maximumBlockLength, MinimumShift) + 1;
        _maximumRetainedBytes = options.MaximumRetainedBytes;
        _clearOnReturn = options.ClearOnReturn;
        _detectDoubleReturn = options.DetectDoubleReturn;
        _pinnedMinimumLength = options.PinnedHeapMinimumBlockLength;
        _idleTrimMilliseconds = (int)Math.Min(options.IdleTrimDelay.TotalMilliseconds, int.MaxValue);

        int stackCount = Math.Min(Environment.ProcessorCount, MaximumStacks);
        _stacks = new LockedArrayStack<byte>[_classCount][];
        for (int i = 0; i < _classCount; i++)
        {
            var perCore = new LockedArrayStack<byte>[stackCount];
            long blockLength = SizeClass.GetSize(i, MinimumShift);
            int capacity = (int)Math.Min(int.MaxValue / 2, Math.Max(options.MaximumBlocksPerStack, options.MaximumBytesPerStack / blockLength));
            for (int j = 0; j < perCore.Length; j++)
            {
                perCore[j] = new LockedArrayStack<byte>(capacity);
            }

            _stacks[i] = perCore;
        }

        if (!isShared)
        {
            _threadCaches = new ThreadLocal<ThreadCache?>();
        }

        if (options.TrimOnGen2Collection)
        {
            Gen2GcCallback.Register(static pool => ((BlockPool)pool).OnGen2Collection(), this);
        }

        PoolRegistry.Add(this);
    }

    /// <summary>
    /// Drops the blocks still held by thread caches, which threads may keep reachable after the pool is gone
    /// (see <c>t_lastInstanceCache</c>). Runs only for instance pools: <see cref="Shared"/> lives for the process.
    /// </summary>
    ~BlockPool()
    {
        foreach (GCHandle reference in _caches)
        {
            if (reference.Target is ThreadCache cache)
            {
                DropSlotBlocks(cache, out _, out _);
            }

            reference.Free();
        }
    }

    /// <summary>The process-wide pool, with default <see cref="BlockPoolOptions"/>; Eddy's default for bytes.</summary>
    public static new BlockPool Shared => s_shared;

    /// <summary>The largest pooled block; requests above it are served unpooled.</summary>
    public int MaximumBlockLength => _maximumBlockLength;

    /// <summary>The hard cap on retained bytes.</summary>
    internal long MaximumRetainedBytes => _maximumRetainedBytes;

    /// <summary>Whether every returned block is zeroed (<see cref="BlockPoolOptions.ClearOnReturn"/>).</summary>
    internal bool ClearsOnReturn => _clearOnReturn;

    /// <summary>
    /// Rents a block of at least <paramref name="minimumLength"/> bytes: the smallest size class that fits
    /// (at least 256 B), an unpooled array above the largest class, or an empty array for 0. The contents
    /// are whatever the previous owner left unless the pool clears on return.
    /// </summary>
    /// <param name="minimumLength">The least length needed.</param>
    /// <returns>A block to give back with <see cref="Return"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="minimumLength"/> is negative.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public override byte[] Rent(int minimumLength)
    {
        // The thread's slots come first, on every path: an unconditional thread-static read at the top lets the
        // JIT hoist the thread-static base out of a caller's loop.
        BlockSlot[] slots = CurrentSlots();

        // 0 and negative lengths wrap to huge values and take the unusual path.
        if (unchecked((uint)(minimumLength - 1)) < (uint)_maximumBlockLength)
        {
            int index = SizeClass.GetIndexOfPositive(minimumLength, MinimumShift);
            if ((uint)index < (uint)slots.Length)
            {
                ref BlockSlot slot = ref slots[index];
                byte[]? block = slot.Block;
                if (block is not null && block.Length != 0 && !slot.Lent)
                {
                    // Lent, not removed (see BlockSlot). A trimmer may drop this block from the slot at the same
                    // instant (it only ever drops, never hands out), so the block is still ours alone.
                    slot.Lent = true;
                    slot.Rented++;
                    if (_detectDoubleReturn)
                    {
                        WriteHead(block, 0);
                    }

                    return block;
                }
            }

            return RentFromStashStacksOrAllocate(slots, index);
        }

        return RentUnusual(minimumLength);
    }

    /// <summary>
    /// Gives a block back. Blocks of a class size are pooled (or dropped over the cap); unpooled oversized
    /// arrays from <see cref="Rent"/> are dropped; empty arrays are ignored.
    /// </summary>
    /// <param name="array">The block.</param>
    /// <param name="clearArray">True to zero the block before anyone else can rent it.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentException">The array's length is not one this pool hands out.</exception>
    /// <exception cref="InvalidOperationException">The block is already in the pool (returned twice).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public override void Return(byte[] array, bool clearArray = false)
    {
        if (array is null)
        {
            ThrowHelper.ThrowArgumentNullException(nameof(array));
        }

        BlockSlot[] slots = CurrentSlots();
        int length = array.Length;
        // A length that is no class size (below the smallest, above the largest, or not a power of two) takes the
        // unusual path; a negative index wraps to a huge value and fails the first compare.
        int index = SizeClass.Log2(unchecked((uint)length)) - MinimumShift;
        if (unchecked((uint)index) >= (uint)_classCount || length != MinimumBlockLength << index)
        {
            ReturnUnusual(array);
            return;
        }

        // Each step appears once, so that the whole method stays small enough to be inlined into large callers.
        if (_detectDoubleReturn && ReadHead(array) == s_cookie)
        {
            ThrowIfPooled(array, index);
        }

        if (clearArray | _clearOnReturn)
        {
            ClearBlock(array);
        }

        if (_detectDoubleReturn)
        {
            // Stamped before the block is published: once it is in a slot another thread may rent it.
            WriteHead(array, s_cookie);
        }

        if ((uint)index < (uint)slots.Length)
        {
            ref BlockSlot slot = ref slots[index];
            slot.Returned++;
            if (slot.Lent)
            {
                // The lent block coming back is held again as it is. Any other block takes its place: the lent
                // one is still out (or was dropped by a trimmer) and comes back, if ever, as any block does.
                if (!ReferenceEquals(slot.Block, array))
                {
                    Volatile.Write(ref slot.Block, array);
                }

                Volatile.Write(ref slot.Lent, false);
                return;
            }

            if (slot.Block is null)
            {
                // A reserved, empty slot is changed only by its owner (this thread), so a plain store
                // suffices; Volatile orders it after the cookie on weakly ordered CPUs.
                Volatile.Write(ref slot.Block, array);
                return;
            }
        }

        ReturnToSlotStashOrStacks(slots, array, index);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private BlockSlot[] CurrentSlots()
    {
        // Read before the branch, so the thread-static base is needed on every path (an instance pool's read
        // below shares it); only the shared pool's slots are read unconditionally, as they are the common case.
        BlockSlot[]? sharedSlots = t_sharedSlots;
        if (_isShared)
        {
            return sharedSlots ?? CreateCache().Slots;
        }

        ThreadCache? cache = t_lastInstanceCache;
        return cache is not null && ReferenceEquals(cache.Accounts, _accounts) ? cache.Slots : CurrentInstanceCache().Slots;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ThreadCache CurrentCache() => _isShared ? t_sharedCache ?? CreateCache() : CurrentInstanceCache();

    /// <summary>This thread's cache of this instance pool, remembered as the thread's last one.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private ThreadCache CurrentInstanceCache() => t_lastInstanceCache = _threadCaches!.Value ?? CreateCache();

    [MethodImpl(MethodImplOptions.NoInlining)]
    private ThreadCache CreateCache()
    {
        var cache = new ThreadCache(_accounts, _classCount, s_unreserved);
        lock (_cachesLock)
        {
            _caches.Add(GCHandle.Alloc(cache, GCHandleType.Weak));
        }

        if (_isShared)
        {
            t_sharedCache = cache;
            t_sharedSlots = cache.Slots;
        }
        else
        {
            _threadCaches!.Value = cache;
        }

        return cache;
    }

    /// <summary>
    /// A rent the thread slot could not serve: the newest block of this thread's stash for the class, else a block
    /// from the shared stacks, else a new array.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private byte[] RentFromStashStacksOrAllocate(BlockSlot[] slots, int index)
    {
        ref BlockSlot slot = ref slots[index];
        int count = slot.StashCount;
        if (count != 0)
        {
            // A count above zero means this thread created its stash.
            BlockStashEntry[] stash = CurrentCacheOf(slots).Stash!;
            int bottom = index * StashStride;
            while (count != 0)
            {
                count--;
                // Removed, not lent: a null store needs no GC write barrier. A trimmer may drop this block at the
                // same instant; it only ever drops, so the block is still ours alone.
                ref BlockStashEntry entry = ref stash[bottom + count];
                byte[]? stashed = entry.Block;
                if (stashed is not null)
                {
                    entry.Block = null;
                    slot.StashCount = count;
                    slot.Rented++;
                    if (_detectDoubleReturn)
                    {
                        WriteHead(stashed, 0);
                    }

                    return stashed;
                }
            }

            // Every entry was dropped by a trimmer.
            slot.StashCount = 0;
        }

        int length = ClassLength(index);
        LockedArrayStack<byte>[] stacks = _stacks[index];
        int start = CurrentStackIndex(stacks.Length);
        for (int i = 0; i < stacks.Length; i++)
        {
            int j = start + i;
            byte[]? block = stacks[j < stacks.Length ? j : j - stacks.Length].TryPop();
            if (block is not null)
            {
                Interlocked.Add(ref _accounts.ReservedBytes, -length);
                if (_detectDoubleReturn)
                {
                    WriteHead(block, 0);
                }

                slots[index].Rented++;
                return block;
            }
        }

        byte[] fresh = Allocate(length);
        slots[index].Rented++;
        return fresh;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private byte[] RentUnusual(int minimumLength)
    {
        if (minimumLength == 0)
        {
            return Array.Empty<byte>();
        }

        if (minimumLength < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException_NeedNonNegative(nameof(minimumLength), minimumLength);
        }

        int length = OversizedLength(minimumLength);
        byte[] block = Allocate(length);
        ThreadCache cache = CurrentCache();
        cache.OversizedRentedBlocks++;
        cache.OversizedRentedBytes += length;
        return block;
    }

    /// <summary>
    /// A return the thread slot's fast path could not take: into the thread slot when this is the thread's first
    /// return of the class (reserving it), else onto this thread's stash, else onto a shared stack, else dropped
    /// (counted) when the pool's byte cap or every stack is full.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReturnToSlotStashOrStacks(BlockSlot[] slots, byte[] array, int index)
    {
        int length = array.Length;

        // First return of this class on this thread: give the thread-local slot a reservation and the block.
        if ((uint)index < (uint)slots.Length && ReferenceEquals(slots[index].Block, s_unreserved) && TryReserve(length))
        {
            Volatile.Write(ref slots[index].Block, array);
            return;
        }

        if (slots[index].StashCount < StashDepth(index) && TryStash(slots, array, index))
        {
            return;
        }

        if (TryReserve(length))
        {
            LockedArrayStack<byte>[] stacks = _stacks[index];
            int start = CurrentStackIndex(stacks.Length);
            for (int i = 0; i < stacks.Length; i++)
            {
                int j = start + i;
                if (stacks[j < stacks.Length ? j : j - stacks.Length].TryPush(array))
                {
                    return;
                }
            }

            Interlocked.Add(ref _accounts.ReservedBytes, -length);
        }

        Interlocked.Increment(ref _droppedBlocks);
        Interlocked.Add(ref _droppedBytes, length);
    }

    /// <summary>Puts <paramref name="array"/> on this thread's stash for its class, reserving the entry the first time.</summary>
    private bool TryStash(BlockSlot[] slots, byte[] array, int index)
    {
        ref BlockSlot slot = ref slots[index];
        int count = slot.StashCount;
        ref BlockStashEntry entry = ref CurrentCacheOf(slots).OwnStash()[index * StashStride + count];
        // Entries from StashCount up hold no block: null (reserved) or the marker (not yet reserved). Only this
        // thread changes a reservation, so a plain check suffices; Volatile orders the store after the cookie.
        byte[]? current = entry.Block;
        if (current is null || (ReferenceEquals(current, s_unreserved) && TryReserve(array.Length)))
        {
            Volatile.Write(ref entry.Block, array);
            slot.StashCount = count + 1;
            return true;
        }

        return false;
    }

    /// <summary>Blocks of <paramref name="blockLength"/> (a class size) one thread keeps, slot and stash together.</summary>
    internal static int ThreadBlocksPerClass(int blockLength) =>
        1 + StashDepth(SizeClass.GetExactIndex(blockLength, MinimumShift));

    /// <summary>Blocks of class <paramref name="index"/> a thread's stash holds at most.</summary>
    private static int StashDepth(int index) =>
        index < StashedClassCount ? Math.Min(StashStride, (StashBytesPerClass >> MinimumShift >> index) - 1) : 0;

    /// <summary>
    /// The cache that owns <paramref name="slots"/>, which <see cref="CurrentSlots"/> just returned: the thread-static
    /// it came through still names it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ThreadCache CurrentCacheOf(BlockSlot[] slots)
    {
        ThreadCache cache = _isShared ? t_sharedCache! : t_lastInstanceCache!;
        Debug.Assert(ReferenceEquals(cache.Slots, slots), "The slots come from the thread's current cache.");
        return cache;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReturnUnusual(byte[] array)
    {
        int length = array.Length;
        if (length == 0)
        {
            return;
        }

        if (!IsOversizedLength(length))
        {
            ThrowHelper.ThrowArgumentException(
                $"The array was not rented from this pool: its length {length} is neither a block size (a power of two from {MinimumBlockLength} to {_maximumBlockLength}) nor an oversized length this pool hands out.",
                nameof(array));
        }

        ThreadCache cache = CurrentCache();
        cache.OversizedReturnedBlocks++;
        cache.OversizedReturnedBytes += length;
        Interlocked.Increment(ref _droppedBlocks);
        Interlocked.Add(ref _droppedBytes, length);
    }

    private byte[] Allocate(int length)
    {
        byte[] block = ArrayAllocation.Bytes(length, pinned: _pinnedMinimumLength != 0 && length >= _pinnedMinimumLength, zeroed: _clearOnReturn);
        if (_detectDoubleReturn && length >= 8)
        {
            // Uninitialized memory may hold a cookie from a dropped block; a fresh block must not look pooled.
            WriteHead(block, 0);
        }

        Interlocked.Increment(ref _allocatedBlocks);
        Interlocked.Add(ref _allocatedBytes, length);
        return block;
    }

    private bool TryReserve(long bytes)
    {
        long current = Volatile.Read(ref _accounts.ReservedBytes);
        while (true)
        {
            long next = current + bytes;
            if (next > _maximumRetainedBytes)
            {
                return false;
            }

            long seen = Interlocked.CompareExchange(ref _accounts.ReservedBytes, next, current);
            if (seen == current)
            {
                return true;
            }

            current = seen;
        }
    }

    private int OversizedLength(int minimumLength)
    {
        long rounded = ((long)minimumLength + _maximumBlockLength - 1) & ~((long)_maximumBlockLength - 1);
        return rounded <= ArrayAccess.MaxLength ? (int)rounded : minimumLength;
    }

    private bool IsOversizedLength(int length) =>
        length > _maximumBlockLength
        && ((length & (_maximumBlockLength - 1)) == 0 || length > (ArrayAccess.MaxLength & ~(_maximumBlockLength - 1)));

    private static int ClassLength(int index) => SizeClass.GetSize(index, MinimumShift);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int CurrentStackIndex(int stackCount) => (int)((uint)CurrentStackId() % (uint)stackCount);

    // Not inlined: clearing costs far more than the call, and Return stays small.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ClearBlock(byte[] block) => block.AsSpan().Clear();
}

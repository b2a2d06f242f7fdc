using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Threading;
using Eddy.Internal;
using Eddy.Lifetime;

namespace Eddy.Pooling;

/// <summary>
/// Hands out <see cref="SelfReturningBuffer"/>s: pooled arrays that come back to the pool when the buffer is
/// disposed or, if its owner simply drops it, after the garbage collector has collected the buffer.
/// </summary>
/// <remarks>
/// <para>The buffers have no finalizer. Each rented buffer is tracked by a slot holding a weak handle to it; after
/// every garbage collection the next <see cref="Rent"/> sweeps the slots and takes back the arrays of buffers that
/// were collected, and a Gen2 callback does the same for idle pools. Each such rescue is a leak and is counted by
/// <see cref="Diagnostics.LeakTracker"/>. See docs/design.md for the designs measured and why this one was kept.</para>
/// <para>The pool owns at most <see cref="MaximumRetainedBytes"/> of arrays, counting both those it holds and those
/// lent to live buffers; it keeps them per power-of-two size class and rents new ones from the backing
/// <see cref="ArrayPool{T}"/>. When a rent would take it over that cap, the buffer gets a fresh array the pool does
/// not own (allocated, not rented): whether that buffer is disposed or dropped, the GC reclaims the array, young.
/// The cap therefore bounds the arrays
/// waiting for a collection to show that their buffers were dropped. A pool that was not rented from between two
/// Gen2 collections hands its retained arrays back to the backing pool.</para>
/// <para>With <see cref="ClearOnReturn"/>, every array that comes back to the pool, from a disposed buffer or a
/// rescued one, is zeroed before the pool keeps it or hands it on, so the next renter never sees the last one's
/// bytes. The pool clears when asked to (<c>clearOnReturn</c>) and also when its backing pool clears what is returned
/// to it (a <see cref="BlockPool"/> with <see cref="BlockPoolOptions.ClearOnReturn"/>, an
/// <see cref="EddyArrayPool{T}"/> created with <c>clearOnReturn</c>): the arrays it keeps never reach that pool
/// between two rents, so it clears them itself. Arrays lent beyond the cap are then allocated zeroed.</para>
/// <para>All members are thread-safe.</para>
/// </remarks>
[DebuggerDisplay("Retained = {RetainedBytes}, Outstanding = {OutstandingCount}, Maximum = {MaximumRetainedBytes}")]
public sealed partial class SelfReturningBufferPool
{
    /// <summary>
    /// The default cap on the bytes a pool owns (retained plus lent): 16 MiB. On pooled-byte-array's workload, a cap
    /// that keeps the owned arrays within the last-level cache beats a larger one; see docs/design.md.
    /// </summary>
    internal const long DefaultMaximumRetainedBytes = 16L * 1024 * 1024;

    /// <summary>The largest length <see cref="Rent"/> accepts (1 GiB, the largest power-of-two array).</summary>
    internal const int MaximumBufferLength = SizeClass.MaxPowerOfTwo;

    // Class 0 holds 16-byte arrays, the smallest ArrayPool<byte>.Shared hands out.
    private const int MinimumShift = 4;
    private const int ClassCount = 31 - MinimumShift;

    private readonly ArrayPool<byte> _backingPool;
    private readonly bool _clearOnReturn;
    private readonly BufferRegistry _registry;
    private readonly byte[]?[][] _free = new byte[]?[ClassCount][];
    private readonly int[] _freeCount = new int[ClassCount];

    // Byte counts, written under the lock except where a rent allocates outside it (Interlocked); read by the
    // registry without the lock.
    private PoolCounters _counters;
    private long _rentedCount;
    private long _disposedCount;
    private long _rescuedCount;
    private long _rescuedBytes;
    private long _rentsSinceGen2;
    private int _creations; // the leak-sampling counter, under the lock

    // Bytes of the arrays the pool owns: retained ones plus those lent to live tracked buffers. Never above the cap,
    // so the arrays a pool waits for (dropped buffers not yet seen by a collection) are bounded too.
    private long _ownedBytes;

    /// <summary>Creates a pool.</summary>
    /// <param name="pool">Where arrays come from when this pool has none, and go when it is full;
    /// <see langword="null"/> means Eddy's default pool.</param>
    /// <param name="maximumRetainedBytes">The most bytes of arrays the pool owns, retained or lent; null for 16 MiB;
    /// 0 owns none, so every buffer gets a fresh array and only disposal returns it (to the backing pool).</param>
    /// <param name="clearOnReturn">True to zero every array that comes back, disposed or rescued. A backing pool that
    /// clears on return turns this on too; see <see cref="ClearOnReturn"/>.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maximumRetainedBytes"/> is negative.</exception>
    public SelfReturningBufferPool(ArrayPool<byte>? pool = null, long? maximumRetainedBytes = null, bool clearOnReturn = false)
    {
        long maximum = maximumRetainedBytes ?? DefaultMaximumRetainedBytes;
        ThrowHelper.ThrowIfNegative(maximum, nameof(maximumRetainedBytes));
        _backingPool = pool ?? DefaultPool<byte>.Instance;
        _clearOnReturn = clearOnReturn || ClearsEveryReturn(_backingPool);
        MaximumRetainedBytes = maximum;
        _registry = new BufferRegistry(this);
        Gen2GcCallback.Register(static pool => ((SelfReturningBufferPool)pool).OnGen2Collection(), this);
        PoolRegistry.Add(PoolRegistry.SelfReturningKind, this, static live => PoolCounters.ReadAtomically(ref live._counters));
    }

    /// <summary>The pool shared by callers that do not make their own, backed by Eddy's default pool.</summary>
    public static SelfReturningBufferPool Shared { get; } = new();

    /// <summary>The most bytes of arrays this pool owns, retained or lent.</summary>
    public long MaximumRetainedBytes { get; }

    /// <summary>
    /// True when every array that comes back to the pool, from a disposed or a rescued buffer, is zeroed before the
    /// pool keeps it or hands it on: asked for with the constructor's <c>clearOnReturn</c>, or followed from a backing
    /// pool that clears on return (a <see cref="BlockPool"/> with <see cref="BlockPoolOptions.ClearOnReturn"/>, an
    /// <see cref="EddyArrayPool{T}"/> created with <c>clearOnReturn</c>).
    /// </summary>
    public bool ClearOnReturn => _clearOnReturn;

    // For the debugger display: plain reads, no lock.
    private long RetainedBytes => _counters.RetainedBytes;

    private int OutstandingCount => _registry.LiveCount;

    /// <summary>Rents a buffer of exactly <paramref name="length"/> bytes. Its contents are undefined.</summary>
    /// <param name="length">The buffer's <see cref="SelfReturningBuffer.Length"/>, from 0 to 1 GiB.</param>
    /// <returns>A buffer to dispose when done; if it is dropped instead, its array comes back after the GC collects it.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative or above 1 GiB.</exception>
    public SelfReturningBuffer Rent(int length)
    {
        if (unchecked((uint)length) > (uint)MaximumBufferLength)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(length), length, $"The length must be between 0 and {MaximumBufferLength}.");
        }

        int sizeClass = SizeClass.GetIndex(length, MinimumShift);
        var buffer = new SelfReturningBuffer(this, length);
        List<RescueReport>? reports = null;
        byte[]? array;
        int slot;
        bool sample;
        lock (_registry.SyncRoot)
        {
            if (_registry.NeedsSweep)
            {
                reports = _registry.SweepLocked();
            }

            _rentsSinceGen2++;
            _rentedCount++;
            array = PopLocked(sizeClass);
            if (array is null && _ownedBytes + SizeClass.GetSize(sizeClass, MinimumShift) <= MaximumRetainedBytes)
            {
                // Under the cap the pool takes ownership of a new array: it is tracked, so a drop brings it back.
                array = RentFromBackingPool(sizeClass);
                _ownedBytes += array.Length;
            }

            // An unowned array, allocated below outside the lock, has the class size.
            _counters.RentedBytes += array?.Length ?? SizeClass.GetSize(sizeClass, MinimumShift);

            slot = _registry.TrackLocked(buffer, new LentArray(array, array?.Length ?? SizeClass.GetSize(sizeClass, MinimumShift)));
            sample = Rescues.ShouldSample(ref _creations);
        }

        if (sample)
        {
            RecordCreationStack(slot);
        }

        // At the cap, the array is not the pool's: a fresh one is allocated, and if the buffer is dropped the GC
        // reclaims it with the buffer while both are young, instead of promoting it while the pool waits for a
        // collection to notice the drop (that waiting set is what the cap bounds).
        array ??= AllocateUnowned(sizeClass);
        buffer.Attach(array, slot);
        if (reports is not null)
        {
            RescueReport.PublishAll(reports);
        }

        return buffer;
    }

    /// <summary>Hands every retained array back to the backing pool.</summary>
    /// <returns>The number of arrays handed back.</returns>
    public int Trim()
    {
        (int arrays, long bytes) = TrimCore();
        PoolRegistry.ReportTrim(nameof(SelfReturningBufferPool), bytes);
        return arrays;
    }

    /// <summary>Takes a snapshot of the pool's counters.</summary>
    public SelfReturningBufferPoolStatistics GetStatistics()
    {
        lock (_registry.SyncRoot)
        {
            return new SelfReturningBufferPoolStatistics(
                _rentedCount,
                _counters.RentedBytes,
                _disposedCount,
                _rescuedCount,
                _rescuedBytes,
                Interlocked.Read(ref _counters.AllocatedBytes),
                _counters.DroppedOverCapBytes,
                _counters.TrimmedBytes,
                _counters.RetainedBytes,
                _registry.LiveCount);
        }
    }

    /// <summary>Takes back the array of a buffer being disposed. Idempotent and thread-safe.</summary>
    internal void Release(SelfReturningBuffer buffer)
    {
        byte[]? refused = null;
        byte[]? toClear = null;
        lock (_registry.SyncRoot)
        {
            // Checked under the lock so that two racing Dispose calls release the slot once.
            byte[]? array = buffer.DetachLocked(out int slot);
            if (array is null)
            {
                return;
            }

            byte[]? owned = _registry.UntrackLocked(slot).Owned;
            Debug.Assert(owned is null || ReferenceEquals(owned, array));
            _disposedCount++;
            if (owned is null)
            {
                // Lent beyond the cap, allocated by the pool rather than rented: it is the GC's, and handing it to
                // the backing pool would return an array that pool never lent.
                _counters.DroppedOverCapBytes += array.Length;
                return;
            }

            if (_clearOnReturn)
            {
                toClear = array;
            }
            else
            {
                refused = KeepLocked(array);
            }
        }

        if (toClear is not null)
        {
            refused = KeepCleared(toClear);
        }

        if (refused is not null)
        {
            _backingPool.Return(refused);
        }
    }

    /// <summary>
    /// Counts a buffer the GC collected undisposed and takes back its array if the pool owns it (called by the
    /// registry sweep); returns the bytes of the leaked buffer's array.
    /// </summary>
    internal long RescueLocked(LentArray lent)
    {
        _rescuedCount++;
        _rescuedBytes += lent.Length;
        byte[]? owned = lent.Owned;
        if (owned is null)
        {
            // The pool was at its cap when the buffer was rented: the GC reclaims the array with the buffer.
            _counters.DroppedOverCapBytes += lent.Length;
            return lent.Length;
        }

        if (_clearOnReturn)
        {
            // Under the lock, as the sweep runs: rescues are leaks, rare, and the array is reachable from nothing else.
            owned.AsSpan().Clear();
        }

        byte[]? refused = KeepLocked(owned);
        if (refused is not null)
        {
            // Only after the cap was lowered by a trim race; ArrayPool.Return is quick enough to call under the lock.
            _backingPool.Return(refused);
        }

        return lent.Length;
    }

    /// <summary>Sweeps (and, when idle, trims) after a Gen2 collection; runs on the finalizer thread.</summary>
    private bool OnGen2Collection()
    {
        // Never block the finalizer thread behind a busy pool; the next renter sweeps anyway.
        if (!Monitor.TryEnter(_registry.SyncRoot))
        {
            return true;
        }

        List<RescueReport>? reports;
        bool idle;
        try
        {
            reports = _registry.SweepLocked();
            idle = _rentsSinceGen2 == 0;
            _rentsSinceGen2 = 0;
        }
        finally
        {
            Monitor.Exit(_registry.SyncRoot);
        }

        RescueReport.PublishAll(reports);
        if (idle)
        {
            Trim();
        }

        return true;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private byte[]? PopLocked(int sizeClass)
    {
        int count = _freeCount[sizeClass];
        if (count == 0)
        {
            return null;
        }

        byte[]?[] stack = _free[sizeClass];
        byte[] array = stack[--count]!;
        stack[count] = null;
        _freeCount[sizeClass] = count;
        _counters.RetainedBytes -= array.Length;
        return array;
    }

    /// <summary>
    /// Zeroes an owned array that came back, then keeps it (see <see cref="KeepLocked"/>). The array is detached and
    /// untracked, reachable from nothing else, so it is cleared outside the lock and a large one does not hold up
    /// other renters.
    /// </summary>
    private byte[]? KeepCleared(byte[] array)
    {
        array.AsSpan().Clear();
        lock (_registry.SyncRoot)
        {
            return KeepLocked(array);
        }
    }

    /// <summary>Whether <paramref name="pool"/> is one of Eddy's pools set to zero every array returned to it.</summary>
    private static bool ClearsEveryReturn(ArrayPool<byte> pool) => pool switch
    {
        BlockPool blocks => blocks.ClearsOnReturn,
        EddyArrayPool<byte> arrays => arrays.ClearsOnReturn,
        _ => false,
    };

    /// <summary>Puts an owned array back on its class's stack; returns null, or the array when it cannot be kept.</summary>
    private byte[]? KeepLocked(byte[] array)
    {
        // An array serves every request of the class its length rounds down to.
        int sizeClass = SizeClass.Log2((uint)array.Length) - MinimumShift;
        if (sizeClass < 0)
        {
            _ownedBytes -= array.Length;
            _counters.DroppedOverCapBytes += array.Length;
            return array;
        }

        byte[]?[]? stack = _free[sizeClass];
        int count = _freeCount[sizeClass];
        if (stack is null || count == stack.Length)
        {
            Array.Resize(ref stack, stack is null ? 8 : stack.Length * 2);
            _free[sizeClass] = stack;
        }

        stack[count] = array;
        _freeCount[sizeClass] = count + 1;
        _counters.RetainedBytes += array.Length;
        return null;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private byte[] RentFromBackingPool(int sizeClass)
    {
        byte[] array = _backingPool.Rent(SizeClass.GetSize(sizeClass, MinimumShift));
        Interlocked.Add(ref _counters.AllocatedBytes, array.Length);
        return array;
    }

    /// <summary>Captures the creation stack of a sampled rent outside the lock, then files it with the slot.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void RecordCreationStack(int slot)
    {
        StackTrace stack = Rescues.CaptureCreationStack();
        lock (_registry.SyncRoot)
        {
            // The buffer is still referenced by Rent's caller frame, so the slot is still its own.
            _registry.SetCreationStackLocked(slot, stack);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private byte[] AllocateUnowned(int sizeClass)
    {
        int size = SizeClass.GetSize(sizeClass, MinimumShift);
        Interlocked.Add(ref _counters.AllocatedBytes, size);

        // Uninitialized memory may hold what dropped arrays held, the last renters' bytes among them.
        return _clearOnReturn ? new byte[size] : AllocateUninitialized(size);
    }

    private (int Arrays, long Bytes) TrimCore()
    {
        var released = new List<byte[]>();
        lock (_registry.SyncRoot)
        {
            for (int sizeClass = 0; sizeClass < ClassCount; sizeClass++)
            {
                while (PopLocked(sizeClass) is { } array)
                {
                    _ownedBytes -= array.Length;
                    released.Add(array);
                }
            }
        }

        long trimmed = 0;
        foreach (byte[] array in released)
        {
            trimmed += array.Length;
            _backingPool.Return(array);
        }

        lock (_registry.SyncRoot)
        {
            _counters.TrimmedBytes += trimmed;
        }

        return (released.Count, trimmed);
    }
}

using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Threading;
using Eddy.Diagnostics;
using Eddy.Internal;

namespace Eddy.Pooling;

/// <summary>
/// Hands out <see cref="SelfReturningBuffer"/>s: pooled arrays that come back to the pool when the buffer is
/// disposed or, if its owner simply drops it, after the garbage collector has collected the buffer.
/// </summary>
/// <remarks>
/// <para>The buffers have no finalizer. Each rented buffer is tracked by a reusable slot holding a weak handle
/// to it; after every garbage collection the next <see cref="Rent"/> sweeps the slots and takes back the arrays
/// of buffers that were collected, and a Gen2 callback does the same for idle pools. Each such rescue is a leak
/// and is counted by <see cref="LeakTracker"/>. See docs/design.md for the measurements behind this design.</para>
/// <para>Arrays are kept per power-of-two size class, up to <see cref="MaxRetainedBytes"/> in all; arrays beyond
/// the cap go to the backing <see cref="ArrayPool{T}"/>, which also supplies arrays the pool lacks. A pool that
/// was not rented from between two Gen2 collections hands all its arrays back to the backing pool.</para>
/// <para>Because a dropped buffer's array comes back only after the next collection, a program that drops
/// buffers keeps about one collection's worth of them in flight; size the cap to that if you rely on dropping.</para>
/// <para>All members are thread-safe.</para>
/// </remarks>
public sealed class SelfReturningBufferPool
{
    /// <summary>The default cap on retained bytes: 64 MiB.</summary>
    public const long DefaultMaxRetainedBytes = 64L * 1024 * 1024;

    /// <summary>The largest length <see cref="Rent"/> accepts (1 GiB, the largest power-of-two array).</summary>
    public const int MaxBufferLength = SizeClass.MaxPowerOfTwo;

    // Class 0 holds 16-byte arrays, the smallest ArrayPool<byte>.Shared hands out.
    private const int MinimumShift = 4;
    private const int ClassCount = 31 - MinimumShift;

    private readonly ArrayPool<byte> _backingPool;
    private readonly RescueRegistry<BufferSlot> _registry;
    private readonly byte[]?[][] _free = new byte[]?[ClassCount][];
    private readonly int[] _freeCount = new int[ClassCount];

    private readonly SelfReturningPoolCounters _counters = new();
    private long _rentsSinceGen2;

    /// <summary>Creates a pool.</summary>
    /// <param name="backingPool">Where arrays come from when the pool has none, and go when it is full;
    /// <see langword="null"/> means Eddy's default pool.</param>
    /// <param name="maxRetainedBytes">The most bytes the pool keeps for reuse; 0 keeps none.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxRetainedBytes"/> is negative.</exception>
    public SelfReturningBufferPool(ArrayPool<byte>? backingPool = null, long maxRetainedBytes = DefaultMaxRetainedBytes)
    {
        ThrowHelper.ThrowIfNegative(maxRetainedBytes);
        _backingPool = backingPool ?? DefaultPool<byte>.Instance;
        MaxRetainedBytes = maxRetainedBytes;
        _registry = new RescueRegistry<BufferSlot>(() => new BufferSlot(this));
        Gen2GcCallback.Register(static pool => ((SelfReturningBufferPool)pool).OnGen2Collection(), this);
        PoolMetrics.Register(PoolMetrics.SelfReturningKind, this, _counters.Read);
    }

    /// <summary>The pool shared by callers that do not make their own, backed by Eddy's default pool.</summary>
    public static SelfReturningBufferPool Shared { get; } = new();

    /// <summary>The most bytes this pool keeps for reuse.</summary>
    public long MaxRetainedBytes { get; }

    /// <summary>Rents a buffer of exactly <paramref name="length"/> bytes. Its contents are undefined.</summary>
    /// <param name="length">The buffer's <see cref="SelfReturningBuffer.Length"/>, from 0 to <see cref="MaxBufferLength"/>.</param>
    /// <returns>A buffer to dispose when done; if it is dropped instead, its array comes back after the GC collects it.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative or above <see cref="MaxBufferLength"/>.</exception>
    public SelfReturningBuffer Rent(int length)
    {
        if ((uint)length > (uint)MaxBufferLength)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(length), length, $"The length must be between 0 and {MaxBufferLength}.");
        }

        int sizeClass = SizeClass.GetIndex(length, MinimumShift);
        StackTrace? creationStack = LeakTracker.SampleCreation();
        var buffer = new SelfReturningBuffer(length);
        List<LeakReport>? reports = null;
        byte[]? array;
        BufferSlot slot;
        lock (_registry.SyncRoot)
        {
            if (_registry.NeedsSweep)
            {
                reports = _registry.SweepLocked();
            }

            array = PopLocked(sizeClass);
            slot = _registry.TrackLocked(buffer, creationStack);
            _rentsSinceGen2++;
            _counters.RentedCount++;
            if (array is not null)
            {
                _counters.RentedFromPoolBytes += array.Length;
            }
        }

        array ??= RentFromBackingPool(sizeClass);
        slot.Array = array;
        buffer.Attach(array, slot);
        if (reports is not null)
        {
            LeakReport.PublishAll(reports);
        }

        return buffer;
    }

    /// <summary>Hands every retained array back to the backing pool.</summary>
    public void Trim()
    {
        long trimmed = TrimCore();
        if (trimmed != 0 && EddyEventSource.Log.IsEnabled())
        {
            EddyEventSource.Log.PoolTrimmed(nameof(SelfReturningBufferPool), trimmed);
        }
    }

    /// <summary>Takes a snapshot of the pool's counters.</summary>
    public SelfReturningBufferPoolStatistics GetStatistics()
    {
        lock (_registry.SyncRoot)
        {
            return new SelfReturningBufferPoolStatistics(
                _counters.RentedCount,
                _counters.RentedFromPoolBytes + Interlocked.Read(ref _counters.NewlyRentedBytes),
                _counters.DisposedCount,
                _counters.RescuedCount,
                _counters.RescuedBytes,
                Interlocked.Read(ref _counters.NewlyRentedBytes),
                _counters.DroppedOverCapBytes,
                _counters.TrimmedBytes,
                _counters.RetainedBytes,
                _registry.LiveCount);
        }
    }

    /// <summary>Takes back the array of a buffer being disposed. Idempotent and thread-safe.</summary>
    internal void Release(SelfReturningBuffer buffer)
    {
        byte[]? overflow;
        lock (_registry.SyncRoot)
        {
            // Checked under the lock so that two racing Dispose calls release the slot once.
            byte[]? array = buffer.DetachLocked(out BufferSlot? slot);
            if (array is null)
            {
                return;
            }

            Debug.Assert(slot is not null && ReferenceEquals(slot.Array, array));
            slot!.Array = null;
            _registry.UntrackLocked(slot);
            _counters.DisposedCount++;
            overflow = PushLocked(array) ? null : array;
        }

        if (overflow is not null)
        {
            _backingPool.Return(overflow);
        }
    }

    /// <summary>Takes back the array of a buffer the GC collected undisposed (called by the registry sweep).</summary>
    internal long RescueLocked(BufferSlot slot)
    {
        byte[]? array = slot.Array;
        slot.Array = null;
        if (array is null)
        {
            // Collected between TrackLocked and the array assignment in Rent: nothing was lent yet.
            return 0;
        }

        _counters.RescuedCount++;
        _counters.RescuedBytes += array.Length;
        if (!PushLocked(array))
        {
            // Rare (over the cap) and ArrayPool.Return is quick, so it is not worth deferring past the lock.
            _backingPool.Return(array);
        }

        return array.Length;
    }

    /// <summary>Sweeps (and, when idle, trims) after a Gen2 collection; runs on the finalizer thread.</summary>
    private bool OnGen2Collection()
    {
        // Never block the finalizer thread behind a busy pool; the next renter sweeps anyway.
        if (!Monitor.TryEnter(_registry.SyncRoot))
        {
            return true;
        }

        List<LeakReport>? reports;
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

        LeakReport.PublishAll(reports);
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

    /// <summary>Keeps <paramref name="array"/> for reuse unless that would exceed the cap.</summary>
    private bool PushLocked(byte[] array)
    {
        if (_counters.RetainedBytes + array.Length > MaxRetainedBytes || array.Length < 1 << MinimumShift)
        {
            _counters.DroppedOverCapBytes += array.Length;
            return false;
        }

        // An array serves every request of the class its length rounds down to.
        int sizeClass = SizeClass.Log2((uint)array.Length) - MinimumShift;
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
        return true;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private byte[] RentFromBackingPool(int sizeClass)
    {
        byte[] array = _backingPool.Rent(SizeClass.GetSize(sizeClass, MinimumShift));
        Interlocked.Add(ref _counters.NewlyRentedBytes, array.Length);
        return array;
    }

    private long TrimCore()
    {
        var released = new List<byte[]>();
        lock (_registry.SyncRoot)
        {
            for (int sizeClass = 0; sizeClass < ClassCount; sizeClass++)
            {
                while (PopLocked(sizeClass) is { } array)
                {
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

        return trimmed;
    }
}

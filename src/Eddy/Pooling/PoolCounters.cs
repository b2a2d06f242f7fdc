using System.Threading;

namespace Eddy.Pooling;

/// <summary>
/// The byte counts every pool keeps: a pool's running totals, and the snapshot of them that
/// <see cref="PoolRegistry"/> hands to whoever observes the pools. Cumulative but for <see cref="RetainedBytes"/>.
/// </summary>
internal struct PoolCounters
{
    /// <summary>Bytes handed out by rents, in all.</summary>
    public long RentedBytes;

    /// <summary>Bytes the pool had to obtain anew (allocated, or rented from a backing pool), in all.</summary>
    public long AllocatedBytes;

    /// <summary>Bytes released by trimming, in all.</summary>
    public long TrimmedBytes;

    /// <summary>Bytes refused on return because keeping them would exceed the pool's cap, in all.</summary>
    public long DroppedOverCapBytes;

    /// <summary>Bytes held for reuse now.</summary>
    public long RetainedBytes;

    public PoolCounters(long rentedBytes, long allocatedBytes, long trimmedBytes, long droppedOverCapBytes, long retainedBytes)
    {
        RentedBytes = rentedBytes;
        AllocatedBytes = allocatedBytes;
        TrimmedBytes = trimmedBytes;
        DroppedOverCapBytes = droppedOverCapBytes;
        RetainedBytes = retainedBytes;
    }

    /// <summary>Reads counters that other threads write, each value atomically, without a lock.</summary>
    public static PoolCounters ReadAtomically(ref PoolCounters counters) => new(
        Interlocked.Read(ref counters.RentedBytes),
        Interlocked.Read(ref counters.AllocatedBytes),
        Interlocked.Read(ref counters.TrimmedBytes),
        Interlocked.Read(ref counters.DroppedOverCapBytes),
        Interlocked.Read(ref counters.RetainedBytes));

    public static PoolCounters operator +(PoolCounters left, PoolCounters right) => new(
        left.RentedBytes + right.RentedBytes,
        left.AllocatedBytes + right.AllocatedBytes,
        left.TrimmedBytes + right.TrimmedBytes,
        left.DroppedOverCapBytes + right.DroppedOverCapBytes,
        left.RetainedBytes + right.RetainedBytes);
}

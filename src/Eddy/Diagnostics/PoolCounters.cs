namespace Eddy.Diagnostics;

/// <summary>The cumulative byte counts and the retained bytes of one pool, as the Eddy meter reports them.</summary>
internal readonly struct PoolCounters
{
    public PoolCounters(long rentedBytes, long allocatedBytes, long trimmedBytes, long droppedOverCapBytes, long retainedBytes)
    {
        RentedBytes = rentedBytes;
        AllocatedBytes = allocatedBytes;
        TrimmedBytes = trimmedBytes;
        DroppedOverCapBytes = droppedOverCapBytes;
        RetainedBytes = retainedBytes;
    }

    /// <summary>Bytes handed out by rents, in all.</summary>
    public long RentedBytes { get; }

    /// <summary>Bytes the pool had to obtain anew (allocated, or rented from a backing pool), in all.</summary>
    public long AllocatedBytes { get; }

    /// <summary>Bytes released by trimming, in all.</summary>
    public long TrimmedBytes { get; }

    /// <summary>Bytes refused on return because keeping them would exceed the pool's cap, in all.</summary>
    public long DroppedOverCapBytes { get; }

    /// <summary>Bytes held for reuse now.</summary>
    public long RetainedBytes { get; }

    public static PoolCounters operator +(PoolCounters left, PoolCounters right) => new(
        left.RentedBytes + right.RentedBytes,
        left.AllocatedBytes + right.AllocatedBytes,
        left.TrimmedBytes + right.TrimmedBytes,
        left.DroppedOverCapBytes + right.DroppedOverCapBytes,
        left.RetainedBytes + right.RetainedBytes);
}

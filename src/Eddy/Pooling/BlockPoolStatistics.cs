namespace Eddy.Pooling;

/// <summary>
/// A snapshot of a <see cref="BlockPool"/>'s counters, what a dashboard plots: rents and returns (their difference
/// is what is outstanding), bytes allocated, dropped over the cap and trimmed, and bytes retained against the cap.
/// Counters since the pool was created are cumulative; <see cref="RetainedBytes"/> describes now.
/// Counters read while other threads rent and return are each exact but not taken at one instant, and the
/// rent and return counts of a thread that has just exited are missing until the GC finalizes its cache.
/// </summary>
public readonly struct BlockPoolStatistics
{
    internal BlockPoolStatistics(
        long rentedBlocks, long rentedBytes, long returnedBlocks, long returnedBytes,
        long allocatedBlocks, long allocatedBytes, long droppedBlocks, long droppedBytes,
        long trimmedBlocks, long trimmedBytes, long retainedBlocks, long retainedBytes,
        long reservedBytes, long maximumRetainedBytes)
    {
        RentedBlocks = rentedBlocks;
        RentedBytes = rentedBytes;
        ReturnedBlocks = returnedBlocks;
        ReturnedBytes = returnedBytes;
        AllocatedBlocks = allocatedBlocks;
        AllocatedBytes = allocatedBytes;
        DroppedBlocks = droppedBlocks;
        DroppedBytes = droppedBytes;
        TrimmedBlocks = trimmedBlocks;
        TrimmedBytes = trimmedBytes;
        RetainedBlocks = retainedBlocks;
        RetainedBytes = retainedBytes;
        ReservedBytes = reservedBytes;
        MaximumRetainedBytes = maximumRetainedBytes;
    }

    /// <summary>Blocks handed out by <c>Rent</c> (empty arrays for <c>Rent(0)</c> are not counted).</summary>
    public long RentedBlocks { get; }

    /// <summary>Bytes handed out by <c>Rent</c>, counted at block length.</summary>
    public long RentedBytes { get; }

    /// <summary>Blocks given back by <c>Return</c>, pooled or not.</summary>
    public long ReturnedBlocks { get; }

    /// <summary>Bytes given back by <c>Return</c>.</summary>
    public long ReturnedBytes { get; }

    /// <summary>Blocks newly allocated because no pooled block fitted (including unpooled oversized ones).</summary>
    internal long AllocatedBlocks { get; }

    /// <summary>Bytes newly allocated.</summary>
    public long AllocatedBytes { get; }

    /// <summary>
    /// Returned blocks left to the GC instead of retained: over the byte cap, the size class's stacks full,
    /// or larger than the largest size class.
    /// </summary>
    internal long DroppedBlocks { get; }

    /// <summary>Bytes of returned blocks not kept: over the cap, a full stack, or oversized.</summary>
    public long DroppedBytes { get; }

    /// <summary>Retained blocks released by trimming (Gen2, memory pressure, <see cref="BlockPool.Trim"/>).</summary>
    internal long TrimmedBlocks { get; }

    /// <summary>Bytes of retained blocks released by trimming (Gen2, memory pressure, <see cref="BlockPool.Trim"/>).</summary>
    public long TrimmedBytes { get; }

    /// <summary>Blocks in the pool now, in every tier.</summary>
    internal long RetainedBlocks { get; }

    /// <summary>Bytes of the blocks in the pool now; never above <see cref="MaximumRetainedBytes"/>.</summary>
    public long RetainedBytes { get; }

    /// <summary>
    /// Bytes counted against the cap now: retained blocks plus empty thread-local slots that keep their
    /// reservation. Never above <see cref="MaximumRetainedBytes"/>.
    /// </summary>
    internal long ReservedBytes { get; }

    /// <summary>The pool's hard cap on retained bytes.</summary>
    public long MaximumRetainedBytes { get; }
}

namespace Eddy.Pooling;

/// <summary>
/// A snapshot of a <see cref="SelfReturningBufferPool"/>'s counters, taken under its lock. Buffers still out
/// (rented, neither disposed nor rescued yet) are <c>RentedCount - ReturnedCount - RescuedCount</c>.
/// </summary>
public readonly struct SelfReturningBufferPoolStatistics
{
    internal SelfReturningBufferPoolStatistics(
        long rentedCount,
        long rentedBytes,
        long returnedCount,
        long rescuedCount,
        long rescuedBytes,
        long allocatedBytes,
        long droppedBytes,
        long trimmedBytes,
        long retainedBytes,
        int outstandingCount)
    {
        RentedCount = rentedCount;
        RentedBytes = rentedBytes;
        ReturnedCount = returnedCount;
        RescuedCount = rescuedCount;
        RescuedBytes = rescuedBytes;
        AllocatedBytes = allocatedBytes;
        DroppedBytes = droppedBytes;
        TrimmedBytes = trimmedBytes;
        RetainedBytes = retainedBytes;
        OutstandingCount = outstandingCount;
    }

    /// <summary>Buffers handed out by <see cref="SelfReturningBufferPool.Rent"/>.</summary>
    public long RentedCount { get; }

    /// <summary>Bytes of the arrays behind the buffers handed out (array lengths, not requested lengths).</summary>
    public long RentedBytes { get; }

    /// <summary>Buffers given back by <see cref="SelfReturningBuffer.Dispose()"/>.</summary>
    public long ReturnedCount { get; }

    /// <summary>
    /// Buffers dropped undisposed that a sweep found after the GC collected them (leaks). The pool takes back the
    /// arrays it owns; an array lent beyond the cap is left to the GC and also counted in
    /// <see cref="DroppedBytes"/>.
    /// </summary>
    public long RescuedCount { get; }

    /// <summary>Bytes of the arrays of rescued buffers, as <see cref="Eddy.Diagnostics.LeakTracker.LeakDetected"/> reports them.</summary>
    public long RescuedBytes { get; }

    /// <summary>
    /// Bytes of arrays the pool had to obtain because it held none of the size: rented from the backing
    /// <see cref="System.Buffers.ArrayPool{T}"/> while under its cap, allocated beyond it.
    /// </summary>
    public long AllocatedBytes { get; }

    /// <summary>
    /// Bytes of arrays not kept because the pool was at its cap: arrays of buffers rented beyond the cap, which the
    /// pool allocated rather than rented and leaves to the GC when those buffers are disposed or dropped.
    /// </summary>
    public long DroppedBytes { get; }

    /// <summary>Bytes handed on to the backing pool by <see cref="SelfReturningBufferPool.Trim"/> or idle trimming.</summary>
    public long TrimmedBytes { get; }

    /// <summary>Bytes of arrays the pool holds now, ready for the next rent.</summary>
    public long RetainedBytes { get; }

    /// <summary>Buffers rented and neither disposed nor rescued yet (including dropped ones awaiting the next sweep).</summary>
    internal int OutstandingCount { get; }
}

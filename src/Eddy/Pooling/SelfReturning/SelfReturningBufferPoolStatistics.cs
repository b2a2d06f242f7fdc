namespace Eddy.Pooling;

/// <summary>A snapshot of a <see cref="SelfReturningBufferPool"/>'s counters, taken under its lock.</summary>
public readonly struct SelfReturningBufferPoolStatistics
{
    internal SelfReturningBufferPoolStatistics(
        long rentedCount,
        long rentedBytes,
        long disposedCount,
        long rescuedCount,
        long rescuedBytes,
        long newlyRentedBytes,
        long droppedOverCapBytes,
        long trimmedBytes,
        long retainedBytes,
        int outstandingCount)
    {
        RentedCount = rentedCount;
        RentedBytes = rentedBytes;
        DisposedCount = disposedCount;
        RescuedCount = rescuedCount;
        RescuedBytes = rescuedBytes;
        NewlyRentedBytes = newlyRentedBytes;
        DroppedOverCapBytes = droppedOverCapBytes;
        TrimmedBytes = trimmedBytes;
        RetainedBytes = retainedBytes;
        OutstandingCount = outstandingCount;
    }

    /// <summary>Buffers handed out by <see cref="SelfReturningBufferPool.Rent"/>.</summary>
    public long RentedCount { get; }

    /// <summary>Bytes of the arrays behind the buffers handed out (array lengths, not requested lengths).</summary>
    public long RentedBytes { get; }

    /// <summary>Buffers given back by <see cref="SelfReturningBuffer.Dispose()"/>.</summary>
    public long DisposedCount { get; }

    /// <summary>Buffers dropped undisposed whose arrays the pool took back after the GC collected them (leaks).</summary>
    public long RescuedCount { get; }

    /// <summary>Bytes taken back by rescues.</summary>
    public long RescuedBytes { get; }

    /// <summary>Bytes the pool had to rent from its backing <see cref="System.Buffers.ArrayPool{T}"/> because it held no array of the size.</summary>
    public long NewlyRentedBytes { get; }

    /// <summary>Bytes handed on to the backing pool instead of retained because retaining them would exceed the cap.</summary>
    public long DroppedOverCapBytes { get; }

    /// <summary>Bytes handed on to the backing pool by <see cref="SelfReturningBufferPool.Trim"/> or idle trimming.</summary>
    public long TrimmedBytes { get; }

    /// <summary>Bytes of arrays the pool holds now, ready for the next rent.</summary>
    public long RetainedBytes { get; }

    /// <summary>Buffers rented and neither disposed nor rescued yet (including dropped ones awaiting the next sweep).</summary>
    public int OutstandingCount { get; }
}

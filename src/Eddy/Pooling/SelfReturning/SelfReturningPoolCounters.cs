using System.Threading;
using Eddy.Diagnostics;

namespace Eddy.Pooling;

/// <summary>
/// A <see cref="SelfReturningBufferPool"/>'s counters, in an object of their own so that the metrics keep the
/// final values of a pool after the pool itself is collected (cumulative instruments must never go down).
/// Written under the pool's lock, except <see cref="AllocatedBytes"/> (Interlocked).
/// </summary>
internal sealed class SelfReturningPoolCounters
{
    public long RentedCount;
    public long RentedFromPoolBytes;
    public long DisposedCount;
    public long RescuedCount;
    public long RescuedBytes;
    public long AllocatedBytes;
    public long DroppedOverCapBytes;
    public long TrimmedBytes;
    public long RetainedBytes;

    /// <summary>Reads the byte counters for the meter, without the pool's lock (each value is read atomically).</summary>
    public PoolCounters Read()
    {
        long newlyRented = Interlocked.Read(ref AllocatedBytes);
        return new PoolCounters(
            Interlocked.Read(ref RentedFromPoolBytes) + newlyRented,
            newlyRented,
            Interlocked.Read(ref TrimmedBytes),
            Interlocked.Read(ref DroppedOverCapBytes),
            Interlocked.Read(ref RetainedBytes));
    }
}

namespace Eddy.Pooling;

/// <summary>
/// The part of a <see cref="BlockPool"/>'s state that its thread caches must reach: the bytes counted
/// against the cap and the counters folded in from caches whose threads died. Caches point here, never at
/// the pool, so a thread that once used a pool does not keep the pool alive.
/// </summary>
internal sealed class BlockPoolAccounts
{
    /// <summary>Bytes counted against the cap: shared-tier blocks plus thread-slot reservations.</summary>
    public long ReservedBytes;

    public long RetiredRentedBlocks;
    public long RetiredRentedBytes;
    public long RetiredReturnedBlocks;
    public long RetiredReturnedBytes;
}

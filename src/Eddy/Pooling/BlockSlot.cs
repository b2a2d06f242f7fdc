namespace Eddy.Pooling;

/// <summary>
/// A thread-local slot of a <see cref="BlockPool"/>, with its owner thread's counters for that size class.
/// Wrapping the reference in a struct makes stores into the slot array plain write-barriered moves instead of
/// the covariance-checked stores a <c>byte[][]</c> needs, and keeps the counters on the slot's cache line.
/// </summary>
internal struct BlockSlot
{
    /// <summary>
    /// A block; null for a slot that holds a reservation against the cap but no block (so renting stores
    /// null, which needs no GC write barrier); or the pool's zero-length marker for "no reservation".
    /// </summary>
    public byte[]? Block;

    /// <summary>Blocks of this class rented by the owning thread.</summary>
    public long Rented;

    /// <summary>Blocks of this class returned by the owning thread.</summary>
    public long Returned;
}

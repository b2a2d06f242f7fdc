using System.Threading;

namespace Eddy.Pooling;

/// <summary>
/// A thread-local slot of a <see cref="BlockPool"/>, with its owner thread's counters for that size class.
/// Wrapping the reference in a struct makes stores into the slot array plain write-barriered moves instead of
/// the covariance-checked stores a <c>byte[][]</c> needs, and keeps the counters on the slot's cache line.
/// </summary>
/// <remarks>
/// Renting from the slot lends its block: <see cref="Block"/> keeps the reference and <see cref="Lent"/> is set,
/// and when that same block comes back only the flag is cleared. A Rent+Return pair on one thread then stores no
/// reference (no GC write barrier). Other threads treat a lent slot as holding nothing.
/// </remarks>
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

    /// <summary>True while <see cref="Block"/> is out with a renter; written by the owning thread only.</summary>
    public bool Lent;

    /// <summary>
    /// Entries of this class's stash (see <c>BlockPool.ThreadCache.Stash</c>) in use, from the bottom: written by the
    /// owning thread only. Entries below it hold a block or, once a trimmer dropped it, nothing; entries above hold
    /// nothing.
    /// </summary>
    public int StashCount;

    /// <summary>The block held for renting, as another thread sees it: null when there is none or it is lent.</summary>
    public byte[]? ReadHeldBlock()
    {
        byte[]? block = Volatile.Read(ref Block);
        return block is not null && block.Length != 0 && !Volatile.Read(ref Lent) ? block : null;
    }
}

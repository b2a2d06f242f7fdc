namespace Eddy.Pooling;

/// <summary>
/// One entry of a <see cref="BlockPool"/> thread's stash: a block, null (a reservation against the cap but no
/// block), or the pool's zero-length marker for "no reservation", as in a <see cref="BlockSlot"/>. A struct, so
/// that stores into the stash are plain write-barriered moves instead of covariance-checked array stores.
/// </summary>
internal struct BlockStashEntry
{
    public byte[]? Block;
}

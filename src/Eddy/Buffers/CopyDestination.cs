using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using Eddy.Internal;
using Eddy.Pooling;

namespace Eddy.Buffers;

/// <summary>
/// Where a growing buffer copies its contents: a block that does not start where <c>memmove</c> is slow from the old
/// one (docs/design.md, "Growth copies choose their block").
/// </summary>
internal static class CopyDestination
{
    /// <summary>
    /// Chooses the block a growth copies <paramref name="copyLength"/> bytes of <paramref name="source"/> into.
    /// Usually that is <paramref name="rented"/>. When the copy is long, <paramref name="rented"/> is no longer than
    /// <see cref="LongestPlacedBlock"/> and it starts at a slow distance from <paramref name="source"/>, up to two
    /// more blocks of its length are rented, the first that is not at a slow distance is kept (or
    /// <paramref name="rented"/>, if none is), and the others go back to <paramref name="pool"/>. Pools that place
    /// blocks one after another (the large object heap does, and so does a compacting GC) put each block of a growing
    /// buffer at such a distance from the one before. Blocks placed so sit one, two and three gaps from the first; the
    /// gap is at least an array's 24-byte header, so the third is past
    /// <see cref="BlockCopy.SlowMemmoveDistanceLimit"/> whatever the gap.
    /// </summary>
    /// <remarks>
    /// If a rent throws, every block rented here, <paramref name="rented"/> included, goes back to
    /// <paramref name="pool"/> before the exception propagates, so the caller is left as it was before its own rent.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static byte[] Choose(ArrayPool<byte> pool, byte[] source, byte[] rented, int copyLength)
    {
        if (copyLength < BlockCopy.PlacedCopyLength || !BlockCopy.AtSlowMemmoveDistance(source, rented))
        {
            return rented;
        }

        return RentAwayFromSlowDistance(pool, source, rented);
    }

    /// <summary>
    /// The longest block a growth rents again for: <paramref name="pool"/>'s largest block when it is a
    /// <see cref="BlockPool"/>, else BlockPool's default. A longer block would most likely be a new array the pool
    /// does not keep, so a second rent would allocate as much again to save a fraction of one copy.
    /// </summary>
    internal static int LongestPlacedBlock(ArrayPool<byte> pool) =>
        pool is BlockPool blocks ? blocks.MaximumBlockLength : BlockPoolOptions.DefaultMaximumBlockLength;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static byte[] RentAwayFromSlowDistance(ArrayPool<byte> pool, byte[] source, byte[] rented)
    {
        if (rented.Length > LongestPlacedBlock(pool))
        {
            return rented;
        }

        // Every candidate stays rented until the choice is made: a block returned at once would be the next one rented.
        byte[]? second = null;
        byte[]? third = null;
        byte[] chosen = rented;
        try
        {
            second = pool.Rent(rented.Length);
            if (IsBetterDestination(source, rented, second))
            {
                chosen = second;
            }
            else
            {
                third = pool.Rent(rented.Length);
                if (IsBetterDestination(source, rented, third))
                {
                    chosen = third;
                }
            }
        }
        catch
        {
            ReturnCandidates(pool, keep: null, rented, second, third);
            throw;
        }

        ReturnCandidates(pool, chosen, rented, second, third);
        return chosen;
    }

    private static bool IsBetterDestination(byte[] source, byte[] rented, byte[] candidate) =>
        !ReferenceEquals(candidate, rented) && candidate.Length >= rented.Length && !BlockCopy.AtSlowMemmoveDistance(source, candidate);

    /// <summary>
    /// Returns each distinct candidate but <paramref name="keep"/>: a pool that handed out one array twice must not get
    /// it back twice, nor get back the one being kept.
    /// </summary>
    private static void ReturnCandidates(ArrayPool<byte> pool, byte[]? keep, byte[] first, byte[]? second, byte[]? third)
    {
        if (!ReferenceEquals(first, keep))
        {
            pool.Return(first);
        }

        if (second is not null && !ReferenceEquals(second, keep) && !ReferenceEquals(second, first))
        {
            pool.Return(second);
        }

        if (third is not null && !ReferenceEquals(third, keep) && !ReferenceEquals(third, first) && !ReferenceEquals(third, second))
        {
            pool.Return(third);
        }
    }
}

using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using Eddy.Pooling;

namespace Eddy.Internal;

internal static partial class BlockCopy
{
    /// <summary>
    /// Growth copies at least this long look at where the new block sits before they copy: from here on they are
    /// <c>memmove</c>'s, and a slow distance costs far more than a second rent.
    /// </summary>
    public const int PlacedCopyLength = 64 * 1024;

    /// <summary>
    /// <c>memmove</c>'s long copies are slow when the destination starts 1 to this − 1 bytes above the source,
    /// modulo the page size, on every CPU measured (docs/design.md, "Copies and memory layout"); at 0 and from
    /// here on they run at full speed.
    /// </summary>
    public const int SlowMemmoveDistanceLimit = 64;

    /// <summary>
    /// Whether <paramref name="destination"/> starts where a long <c>memmove</c> from <paramref name="source"/> is
    /// slow: 1 to <see cref="SlowMemmoveDistanceLimit"/> − 1 bytes above it, modulo the page size.
    /// </summary>
    internal static unsafe bool AtSlowMemmoveDistance(byte[] source, byte[] destination)
    {
        if (source.Length == 0 || destination.Length == 0)
        {
            return false;
        }

        fixed (byte* from = source)
        fixed (byte* to = destination)
        {
            return IsSlowMemmoveDistance(to - from);
        }
    }

    /// <summary>Whether a destination <paramref name="distance"/> bytes above its source is at a slow distance for <c>memmove</c>.</summary>
    internal static bool IsSlowMemmoveDistance(long distance)
    {
        long offset = distance & (PageSize - 1);
        return offset != 0 && offset < SlowMemmoveDistanceLimit;
    }

    /// <summary>
    /// Chooses the block a growth copies <paramref name="copyLength"/> bytes of <paramref name="source"/> into.
    /// Usually that is <paramref name="rented"/>. When the copy is long, <paramref name="rented"/> is no longer than
    /// <see cref="LongestPlacedBlock"/> and it starts at a slow distance from <paramref name="source"/>, up to two more blocks of its length are rented, the first that is
    /// not at a slow distance is kept (or <paramref name="rented"/>, if none is), and the others go back to
    /// <paramref name="pool"/>. Pools that place blocks one after another (the large object heap does, and so does a
    /// compacting GC) put each block of a growing buffer at such a distance from the one before. Blocks placed so sit
    /// at one, two and three times the gap between them from the first; the gap is at least an array's 24-byte
    /// header, so the third is past <see cref="SlowMemmoveDistanceLimit"/> whatever the gap.
    /// </summary>
    /// <remarks>
    /// If a rent throws, every block rented here, <paramref name="rented"/> included, goes back to
    /// <paramref name="pool"/> before the exception propagates, so the caller is left as it was before its own rent.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static byte[] ChooseCopyDestination(ArrayPool<byte> pool, byte[] source, byte[] rented, int copyLength)
    {
        if (copyLength < PlacedCopyLength || !AtSlowMemmoveDistance(source, rented))
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
        !ReferenceEquals(candidate, rented) && candidate.Length >= rented.Length && !AtSlowMemmoveDistance(source, candidate);

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

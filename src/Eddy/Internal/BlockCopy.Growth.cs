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
    /// modulo the page size, on both CPUs measured (docs/design.md, "Copies and memory layout"); at 0 and from
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
}

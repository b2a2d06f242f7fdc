using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Eddy.Internal;

/// <summary>
/// Every copy Eddy makes between pooled blocks and callers' memory goes through here, so that its speed does
/// not depend on where the GC happened to place the two arrays.
/// </summary>
/// <remarks>
/// .NET copies up to <see cref="ManagedCopyLimit"/> bytes with its own vector loop and hands longer copies to
/// the C library's <c>memmove</c>. On some CPUs that routine's string-copy path (<c>rep movsb</c>) runs 10-40
/// times slower when the destination starts a little above the source modulo the 4 KiB page size (loads
/// falsely wait on earlier stores to the same page offset). Two power-of-two <c>byte[]</c> blocks that the
/// allocator or a compacting GC places back to back are exactly such a pair. On CPUs with 512-bit vectors, copies
/// of up to <see cref="PipelinedCopyLimit"/> bytes take a loop of this class's own whose loads run ahead of its
/// stores, so no distance slows it. Beyond that, on a CPU with the cliff (a one-time probe tells), this class copies
/// in that window in pieces of at most <see cref="ManagedCopyLimit"/> bytes, which stay on the managed path;
/// everywhere else it is <see cref="Span{T}.CopyTo(Span{T})"/>. docs/design.md ("Copies and memory layout") has the
/// measurements.
/// </remarks>
internal static partial class BlockCopy
{
    /// <summary>The longest copy .NET performs in managed code on x64 before calling the C library.</summary>
    public const int ManagedCopyLimit = 2048;

    /// <summary>
    /// Copies up to this many bytes are done inline, without a call: the size of a binary field or a
    /// <c>WriteByte</c>-sized write, which a stream's fast path makes millions of times.
    /// </summary>
    public const int InlineCopyLimit = 16;

    /// <summary>
    /// The longest copy done by the pipelined vector loop (<c>TryCopyPipelined</c>, .NET builds on CPUs with 512-bit
    /// vectors). Up to here that loop is faster than the call into the C library's <c>memmove</c> at every distance;
    /// beyond it <c>memmove</c>'s string-copy path takes over. docs/design.md has the sweep.
    /// </summary>
    public const int PipelinedCopyLimit = 16 * 1024;

    /// <summary>
    /// Destination-minus-source distances, modulo <see cref="PageSize"/>, below this are the slow window. It covers
    /// the few cache lines a copy loop keeps in flight; distances just below a page multiple (destination a little
    /// below the source) are safe because loads then run ahead of the stores they could alias.
    /// </summary>
    public const int AliasWindow = 256;

    private const int PageSize = 4096;

    /// <summary>Copies <paramref name="source"/> to the start of <paramref name="destination"/>, like <see cref="ReadOnlySpan{T}.CopyTo(Span{T})"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <paramref name="source"/>.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Copy(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        // The usual length is tested first and its path is a plain CopyTo: when a large caller has spent the JIT's
        // inlining budget, what stays a call is the short copy, not the test in front of every copy.
        if ((uint)source.Length > InlineCopyLimit)
        {
            CopyCompact(source, destination);
            return;
        }

        CopyShort(source, destination);
    }

    /// <summary>
    /// <see cref="Copy(ReadOnlySpan{byte}, Span{byte})"/> without the inline path for copies of up to
    /// <see cref="InlineCopyLimit"/> bytes: a smaller body for call sites that run once per stream (its first
    /// write), so that the JIT's inlining budget is left for the copies a caller makes many times.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <paramref name="source"/>.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void CopyCompact(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (source.Length <= ManagedCopyLimit)
        {
            source.CopyTo(destination);
            return;
        }

        CopyLong(source, destination);
    }

    /// <summary>The element-typed form: bytes take the layout-safe path, other element types copy as usual.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Copy<T>(ReadOnlySpan<T> source, Span<T> destination)
    {
        if (TryCopyAsBytes(source, destination))
        {
            return;
        }

        source.CopyTo(destination);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CopyLong(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (TryCopyPipelined(source, destination))
        {
            return;
        }

        if (GoesInPieces(source, destination, AliasProbe.MemmoveIsSlowWhenAliased))
        {
            CopyInPieces(source, destination);
            return;
        }

        // A too-short destination throws CopyTo's own ArgumentException.
        source.CopyTo(destination);
    }

    /// <summary>
    /// The long-copy rule: in pieces when <c>memmove</c> has the cliff, the destination is long enough (a short one
    /// is left to <see cref="Span{T}.CopyTo(Span{T})"/>, which throws) and the two ranges are in the alias window.
    /// </summary>
    internal static bool GoesInPieces(ReadOnlySpan<byte> source, Span<byte> destination, bool memmoveIsSlowWhenAliased) =>
        memmoveIsSlowWhenAliased && source.Length <= destination.Length && InAliasWindow(source, destination);

    internal static void CopyInPieces(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        int done = 0;
        while (done < source.Length)
        {
            int n = Math.Min(ManagedCopyLimit, source.Length - done);
            source.Slice(done, n).CopyTo(destination.Slice(done, n));
            done += n;
        }
    }

    /// <summary>
    /// True when the ranges do not overlap and the destination starts less than <see cref="AliasWindow"/> bytes
    /// above the source, modulo the page size. Overlapping ranges are left to <c>memmove</c>, whose direction
    /// handling a piecewise forward copy would break.
    /// </summary>
    internal static unsafe bool InAliasWindow(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* from = source)
        fixed (byte* to = destination)
        {
            long distance = to - from;
            if (Overlap(distance, source.Length))
            {
                return false;
            }

            return (distance & (PageSize - 1)) < AliasWindow;
        }
    }

    /// <summary>Whether a destination <paramref name="distance"/> bytes from its source overlaps it, for a copy of <paramref name="length"/> bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool Overlap(long distance, int length) => distance > -length && distance < length;

    /// <summary>Destination-minus-source distances at which <see cref="AliasProbe"/> times <c>memmove</c>.</summary>
    internal static ReadOnlySpan<int> ProbedDistances => [8, 24];

    /// <summary>The distance the probe compares with: far from the window, and not a multiple of the cache line.</summary>
    internal const int SafeDistance = 1048;

    /// <summary>The length of each copy the probe times: above <see cref="ManagedCopyLimit"/>, so it is <c>memmove</c>'s.</summary>
    internal const int ProbeLength = 8192;

    /// <summary>The probe's pinned arena: room for a source anywhere in its first page and a destination past it.</summary>
    internal const int ProbeArenaLength = 3 * ProbeLength + 3 * PageSize;

    /// <summary>How many rounds the probe times each distance; the fastest round counts.</summary>
    internal const int ProbeRounds = 7;

    /// <summary>Offset, in an array whose data starts at <paramref name="arenaAddress"/>, of its first page boundary.</summary>
    internal static int FirstPageOffset(long arenaAddress) => (int)(-arenaAddress & (PageSize - 1));

    /// <summary>
    /// Where the probe's destination starts for a source at <paramref name="source"/>: a page and a copy's length
    /// further on, so the two never overlap, plus <paramref name="distance"/>.
    /// </summary>
    internal static int ProbeDestination(int source, int distance) => source + ProbeLength + PageSize + distance;

    /// <summary>
    /// Times each probed distance and the safe one <see cref="ProbeRounds"/> times, interleaved so that a slow phase
    /// of the machine hits them alike, and applies <see cref="HasCliff"/> to the fastest of each.
    /// </summary>
    /// <param name="timeCopiesAt">Ticks taken by a few copies at a destination-minus-source distance.</param>
    internal static bool MeasureCliff(Func<int, long> timeCopiesAt)
    {
        // A plain loop, not Span.Fill: the probe runs once, and compiling Fill's vector paths for long would cost it
        // more than all its copies.
        long[] bestAliased = new long[ProbedDistances.Length];
        for (int i = 0; i < bestAliased.Length; i++)
        {
            bestAliased[i] = long.MaxValue;
        }

        long bestSafe = long.MaxValue;
        for (int round = 0; round < ProbeRounds; round++)
        {
            for (int i = 0; i < ProbedDistances.Length; i++)
            {
                bestAliased[i] = Math.Min(bestAliased[i], timeCopiesAt(ProbedDistances[i]));
            }

            bestSafe = Math.Min(bestSafe, timeCopiesAt(SafeDistance));
        }

        return HasCliff(bestSafe, bestAliased);
    }

    /// <summary>Ticks taken by <paramref name="copies"/> copies of <paramref name="length"/> bytes within <paramref name="arena"/>.</summary>
    internal static long TimeCopies(byte[] arena, int from, int to, int length, int copies)
    {
        var source = new ReadOnlySpan<byte>(arena, from, length);
        var destination = new Span<byte>(arena, to, length);
        long start = System.Diagnostics.Stopwatch.GetTimestamp();
        for (int i = 0; i < copies; i++)
        {
            source.CopyTo(destination);
        }

        return System.Diagnostics.Stopwatch.GetTimestamp() - start;
    }

    /// <summary>
    /// The probe's rule: <c>memmove</c> has the cliff when its fastest copy at the slowest probed distance takes more
    /// than three times its fastest copy at a safe distance.
    /// </summary>
    internal static bool HasCliff(long bestSafe, ReadOnlySpan<long> bestAliased)
    {
        long worst = 0;
        foreach (long ticks in bestAliased)
        {
            worst = Math.Max(worst, ticks);
        }

        return worst > 3 * Math.Max(bestSafe, 1);
    }

    /// <summary>
    /// Measures once whether this machine's <c>memmove</c> has the aliasing cliff: the fastest of several 8 KiB
    /// copies at each of <see cref="ProbedDistances"/> against the fastest at a safe distance. Which small distances
    /// are slow differs between CPUs, so the slowest of them decides. CPUs with the cliff are 10-40 times slower
    /// there, CPUs without it are within noise, so a factor of 3 separates them with a wide margin; on a CPU without
    /// the cliff, splitting would only cost time. The probe runs once, on the first copy longer than
    /// <see cref="ManagedCopyLimit"/>; docs/design.md gives its cost. The <c>Eddy.BlockCopy.SplitAliasedCopies</c>
    /// AppContext switch, when set, decides instead and skips it.
    /// </summary>
    private static class AliasProbe
    {
        public static readonly bool MemmoveIsSlowWhenAliased = Decide();

        private static unsafe bool Decide()
        {
            if (AppContext.TryGetSwitch("Eddy.BlockCopy.SplitAliasedCopies", out bool forced))
            {
                return forced;
            }

            byte[] arena = new byte[ProbeArenaLength];
            fixed (byte* start = arena)
            {
                // Pinned for the probe, so the distances are the real ones.
                int source = FirstPageOffset((long)start);
                return MeasureCliff(distance => TimeCopies(arena, source, ProbeDestination(source, distance), ProbeLength, copies: 8));
            }
        }
    }
}

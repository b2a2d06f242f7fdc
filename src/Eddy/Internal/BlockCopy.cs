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
/// allocator or a compacting GC places back to back are exactly such a pair. In that window this class copies
/// in pieces of at most <see cref="ManagedCopyLimit"/> bytes, which stay on the managed path; everywhere else it
/// is <see cref="Span{T}.CopyTo(Span{T})"/>. docs/design.md ("Copies and memory layout") has the sweep.
/// </remarks>
internal static class BlockCopy
{
    /// <summary>The longest copy .NET performs in managed code on x64 before calling the C library.</summary>
    public const int ManagedCopyLimit = 2048;

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
#if NET
        if (typeof(T) == typeof(byte))
        {
            Copy(
                MemoryMarshal.CreateReadOnlySpan(ref Unsafe.As<T, byte>(ref MemoryMarshal.GetReference(source)), source.Length),
                MemoryMarshal.CreateSpan(ref Unsafe.As<T, byte>(ref MemoryMarshal.GetReference(destination)), destination.Length));
            return;
        }
#endif
        source.CopyTo(destination);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CopyLong(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (source.Length > destination.Length || !InAliasWindow(source, destination))
        {
            // A too-short destination throws CopyTo's own ArgumentException.
            source.CopyTo(destination);
            return;
        }

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
            long length = source.Length;
            if (distance > -length && distance < length)
            {
                return false;
            }

            return (distance & (PageSize - 1)) < AliasWindow;
        }
    }
}

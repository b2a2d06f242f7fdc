using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Eddy.Internal;

internal static partial class BlockCopy
{
    /// <summary>Sends a span of bytes, whatever its static element type, down the layout-safe byte path.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryCopyAsBytes<T>(ReadOnlySpan<T> source, Span<T> destination)
    {
        if (typeof(T) != typeof(byte))
        {
            return false;
        }

        Copy(
            MemoryMarshal.CreateReadOnlySpan(ref Unsafe.As<T, byte>(ref MemoryMarshal.GetReference(source)), source.Length),
            MemoryMarshal.CreateSpan(ref Unsafe.As<T, byte>(ref MemoryMarshal.GetReference(destination)), destination.Length));
        return true;
    }

    /// <summary>
    /// Copies <paramref name="source"/>, at most <see cref="InlineCopyLimit"/> bytes, to the start of
    /// <paramref name="destination"/> with two loads and two stores instead of a call to the runtime's general copy.
    /// Every byte is loaded before any is stored, so overlapping ranges copy as memmove would.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <paramref name="source"/> (nothing is written).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CopyShort(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(source.Length <= InlineCopyLimit);
        nuint length = (uint)source.Length;
        if ((uint)source.Length > (uint)destination.Length)
        {
            ThrowDestinationTooShort(source, destination);
        }

        ref byte from = ref MemoryMarshal.GetReference(source);
        ref byte to = ref MemoryMarshal.GetReference(destination);
        if (length >= sizeof(ulong))
        {
            ulong head = Unsafe.ReadUnaligned<ulong>(ref from);
            ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref from, length - sizeof(ulong)));
            Unsafe.WriteUnaligned(ref to, head);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, length - sizeof(ulong)), tail);
        }
        else if (length >= sizeof(uint))
        {
            uint head = Unsafe.ReadUnaligned<uint>(ref from);
            uint tail = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref from, length - sizeof(uint)));
            Unsafe.WriteUnaligned(ref to, head);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, length - sizeof(uint)), tail);
        }
        else if (length != 0)
        {
            // One to three bytes: the first, the middle and the last cover them all.
            byte first = from;
            byte middle = Unsafe.Add(ref from, length >> 1);
            byte last = Unsafe.Add(ref from, length - 1);
            to = first;
            Unsafe.Add(ref to, length >> 1) = middle;
            Unsafe.Add(ref to, length - 1) = last;
        }
    }

    /// <summary>
    /// Throws what <see cref="ReadOnlySpan{T}.CopyTo(Span{T})"/> throws for a destination that is too short, by letting
    /// it: the same exception type, parameter name and message.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowDestinationTooShort(ReadOnlySpan<byte> source, Span<byte> destination) => source.CopyTo(destination);

    /// <summary>
    /// Copies a <c>memmove</c>-sized range (longer than <see cref="ManagedCopyLimit"/>, at most
    /// <see cref="PipelinedCopyLimit"/> bytes) with 512-bit vectors when the CPU has them and the ranges do not overlap;
    /// false, with nothing written, otherwise (the caller then copies).
    /// </summary>
    /// <remarks>
    /// The loop loads the next 256 bytes before it stores the current 256. A load then never waits on a store the
    /// loop has just issued to the same offset modulo 4 KiB (4K aliasing), so its speed does not depend on where the
    /// two arrays sit, and it saves the call into the C library that .NET makes for copies past 2 KiB.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryCopyPipelined(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (!Vector512.IsHardwareAccelerated || source.Length > PipelinedCopyLimit || source.Length > destination.Length)
        {
            return false;
        }

        ref byte from = ref MemoryMarshal.GetReference(source);
        ref byte to = ref MemoryMarshal.GetReference(destination);

        // Overlapping ranges are memmove's: loading ahead would read bytes this copy has already overwritten. Ranges in
        // two different objects never overlap, wherever the GC moves them, so the distance taken here stays valid.
        if (Overlap(Unsafe.ByteOffset(ref from, ref to), source.Length))
        {
            return false;
        }

        CopyPipelined(ref from, ref to, (nuint)source.Length);
        return true;
    }

    /// <summary>Copies <paramref name="length"/> bytes, at least 512, between two ranges that do not overlap.</summary>
    /// <remarks>
    /// The first 64 bytes are stored as they are; the loop then starts at the destination's first 64-byte boundary,
    /// so that no store of the loop straddles two cache lines. A GC that moves the destination in between costs only
    /// that alignment, never correctness.
    /// <para>The loop also prefetches the source <see cref="PrefetchDistance"/> bytes ahead, within the range it copies:
    /// the hardware prefetchers stop at page boundaries, so a copy from memory beyond the caches would otherwise wait
    /// for each new page. Copies of up to a page and a block prefetch nothing. A prefetch never faults, so one at an
    /// address the GC has since moved the source away from costs only a useless fetch.</para>
    /// </remarks>
    internal static unsafe void CopyPipelined(ref byte from, ref byte to, nuint length)
    {
        const nuint Block = PipelinedBlock;
        Debug.Assert(length >= 2 * Block);
        Vector512<byte> head = Vector512.LoadUnsafe(ref from);
        nuint skew = BytesToCacheLine((nuint)Unsafe.AsPointer(ref to));
        from = ref Unsafe.Add(ref from, skew);
        to = ref Unsafe.Add(ref to, skew);
        length -= skew;
        Vector512<byte> a = Vector512.LoadUnsafe(ref from);
        Vector512<byte> b = Vector512.LoadUnsafe(ref from, 64);
        Vector512<byte> c = Vector512.LoadUnsafe(ref from, 128);
        Vector512<byte> d = Vector512.LoadUnsafe(ref from, 192);
        head.StoreUnsafe(ref Unsafe.Subtract(ref to, skew));
        nuint done = 0;
        byte* ahead = (byte*)Unsafe.AsPointer(ref from) + PrefetchDistance;
        for (; done + 2 * Block <= length; done += Block)
        {
            if (Sse.IsSupported && done + PrefetchDistance + Block <= length)
            {
                Sse.Prefetch0(ahead + done);
                Sse.Prefetch0(ahead + done + 64);
                Sse.Prefetch0(ahead + done + 128);
                Sse.Prefetch0(ahead + done + 192);
            }

            Vector512<byte> nextA = Vector512.LoadUnsafe(ref from, done + Block);
            Vector512<byte> nextB = Vector512.LoadUnsafe(ref from, done + Block + 64);
            Vector512<byte> nextC = Vector512.LoadUnsafe(ref from, done + Block + 128);
            Vector512<byte> nextD = Vector512.LoadUnsafe(ref from, done + Block + 192);
            a.StoreUnsafe(ref to, done);
            b.StoreUnsafe(ref to, done + 64);
            c.StoreUnsafe(ref to, done + 128);
            d.StoreUnsafe(ref to, done + 192);
            a = nextA;
            b = nextB;
            c = nextC;
            d = nextD;
        }

        // Between 256 and 511 bytes are left: the loaded block, and the last 256 bytes, which may overlap it.
        Vector512<byte> lastA = Vector512.LoadUnsafe(ref from, length - Block);
        Vector512<byte> lastB = Vector512.LoadUnsafe(ref from, length - Block + 64);
        Vector512<byte> lastC = Vector512.LoadUnsafe(ref from, length - Block + 128);
        Vector512<byte> lastD = Vector512.LoadUnsafe(ref from, length - Block + 192);
        a.StoreUnsafe(ref to, done);
        b.StoreUnsafe(ref to, done + 64);
        c.StoreUnsafe(ref to, done + 128);
        d.StoreUnsafe(ref to, done + 192);
        lastA.StoreUnsafe(ref to, length - Block);
        lastB.StoreUnsafe(ref to, length - Block + 64);
        lastC.StoreUnsafe(ref to, length - Block + 128);
        lastD.StoreUnsafe(ref to, length - Block + 192);
    }

    /// <summary>Bytes from <paramref name="address"/> to the next 64-byte boundary: 0 when it is on one, else 1-63.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static nuint BytesToCacheLine(nuint address) => (CacheLine - (address & (CacheLine - 1))) & (CacheLine - 1);

    /// <summary>The cache line the pipelined loop aligns its stores to.</summary>
    private const nuint CacheLine = 64;

    /// <summary>How far ahead of its loads the pipelined loop prefetches the source: one page (docs/design.md).</summary>
    private const int PrefetchDistance = 4096;

    /// <summary>The bytes the pipelined loop loads ahead of its stores: four 512-bit vectors.</summary>
    private const int PipelinedBlock = 256;
}

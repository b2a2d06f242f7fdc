using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

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
}

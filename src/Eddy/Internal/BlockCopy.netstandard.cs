using System;
using System.Runtime.CompilerServices;

namespace Eddy.Internal;

internal static partial class BlockCopy
{
    /// <summary>
    /// netstandard2.1 has no <c>Unsafe.As</c> to view a span of T as bytes, so element-typed copies keep
    /// <see cref="ReadOnlySpan{T}.CopyTo(Span{T})"/>; callers that hold byte spans use the byte overload.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryCopyAsBytes<T>(ReadOnlySpan<T> source, Span<T> destination) => false;

    /// <summary>netstandard2.1 has no <c>Unsafe</c> reads and writes: short copies take <see cref="ReadOnlySpan{T}.CopyTo(Span{T})"/> too.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CopyShort(ReadOnlySpan<byte> source, Span<byte> destination) => source.CopyTo(destination);

    /// <summary>netstandard2.1 has no 512-bit vectors: every long copy is the runtime's.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryCopyPipelined(ReadOnlySpan<byte> source, Span<byte> destination) => false;
}

using System;
using System.Runtime.CompilerServices;

namespace Eddy.Pooling;

// netstandard2.1 has no MemoryMarshal.GetArrayDataReference: plain array access.
public sealed partial class SelfReturningBuffer
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Span<byte> CreateSpan(byte[] array, int length) => new(array, 0, length);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ref byte ElementAt(byte[] array, int index) => ref array[index];
}

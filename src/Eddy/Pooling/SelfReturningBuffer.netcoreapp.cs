using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Eddy.Pooling;

// Element access without the array's own bounds checks: callers checked against _length, which never exceeds the
// array's length.
public sealed partial class SelfReturningBuffer
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Span<byte> CreateSpan(byte[] array, int length) =>
        MemoryMarshal.CreateSpan(ref MemoryMarshal.GetArrayDataReference(array), length);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ref byte ElementAt(byte[] array, int index) =>
        ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(array), (nint)(uint)index);
}

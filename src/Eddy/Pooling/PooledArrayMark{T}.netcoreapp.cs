using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Eddy.Pooling;

internal static partial class PooledArrayMark<T>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool HasTail(T[] array, int length) => (long)length * Unsafe.SizeOf<T>() >= sizeof(long);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ref byte Tail(T[] array, int length) =>
        ref Unsafe.Add(
            ref Unsafe.As<T, byte>(ref MemoryMarshal.GetArrayDataReference(array)),
            (nint)length * Unsafe.SizeOf<T>() - sizeof(long));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long ReadTail(T[] array, int length) => Unsafe.ReadUnaligned<long>(ref Tail(array, length));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteTail(T[] array, int length, long value) => Unsafe.WriteUnaligned(ref Tail(array, length), value);

    // Any element type has at least one byte, so 16 elements always hold the cookie.
    private static bool HasHead => true;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long ReadHead(T[] array) =>
        Unsafe.ReadUnaligned<long>(ref Unsafe.As<T, byte>(ref MemoryMarshal.GetArrayDataReference(array)));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteHead(T[] array, long value) =>
        Unsafe.WriteUnaligned(ref Unsafe.As<T, byte>(ref MemoryMarshal.GetArrayDataReference(array)), value);
}

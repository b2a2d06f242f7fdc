using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Eddy.Pooling;

internal static partial class PooledArrayMark<T>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool HasTail(T[] array) => (long)array.Length * Unsafe.SizeOf<T>() >= sizeof(long);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ref byte Tail(T[] array) =>
        ref Unsafe.Add(
            ref Unsafe.As<T, byte>(ref MemoryMarshal.GetArrayDataReference(array)),
            (nint)array.Length * Unsafe.SizeOf<T>() - sizeof(long));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long ReadTail(T[] array) => Unsafe.ReadUnaligned<long>(ref Tail(array));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteTail(T[] array, long value) => Unsafe.WriteUnaligned(ref Tail(array), value);
}

using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Eddy.Pooling;

internal static partial class PooledArrayMark<T>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool HasHead(T[] array, int length) => (long)length * Unsafe.SizeOf<T>() >= sizeof(long);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ref byte Head(T[] array) => ref Unsafe.As<T, byte>(ref MemoryMarshal.GetArrayDataReference(array));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long ReadHead(T[] array) => Unsafe.ReadUnaligned<long>(ref Head(array));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteHead(T[] array, long value) => Unsafe.WriteUnaligned(ref Head(array), value);
}

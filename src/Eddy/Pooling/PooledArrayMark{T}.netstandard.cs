using System;

namespace Eddy.Pooling;

// netstandard2.1 has no Unsafe and no byte view of an unconstrained T: primitive element types reach their
// bytes through Buffer; other structs carry no cookie there and always take the scan.
internal static partial class PooledArrayMark<T>
{
    private static readonly bool s_isPrimitive = typeof(T).IsPrimitive;

    [ThreadStatic]
    private static long[]? t_scratch;

    private static bool HasTail(T[] array, int length) => s_isPrimitive && Buffer.ByteLength(array) >= sizeof(long);

    private static long ReadTail(T[] array, int length)
    {
        long[] scratch = t_scratch ??= new long[1];
        Buffer.BlockCopy(array, Buffer.ByteLength(array) - sizeof(long), scratch, 0, sizeof(long));
        return scratch[0];
    }

    private static void WriteTail(T[] array, int length, long value)
    {
        long[] scratch = t_scratch ??= new long[1];
        scratch[0] = value;
        Buffer.BlockCopy(scratch, 0, array, Buffer.ByteLength(array) - sizeof(long), sizeof(long));
    }

    private static bool HasHead => s_isPrimitive;

    private static long ReadHead(T[] array)
    {
        long[] scratch = t_scratch ??= new long[1];
        Buffer.BlockCopy(array, 0, scratch, 0, sizeof(long));
        return scratch[0];
    }

    private static void WriteHead(T[] array, long value)
    {
        long[] scratch = t_scratch ??= new long[1];
        scratch[0] = value;
        Buffer.BlockCopy(scratch, 0, array, 0, sizeof(long));
    }
}

using System;
using System.Runtime.CompilerServices;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Micro.SelfReturning;

/// <summary>pooled-byte-array's loop, shared by the self-returning micro-benchmarks: get a buffer, fill it, drop it,
/// allocate 1 KiB of young garbage.</summary>
internal static class DroppedBufferLoop
{
    public const int Iterations = 100_000;

    private static byte[]? s_sink;

    /// <summary>Rents <paramref name="size"/> bytes from <paramref name="pool"/> per iteration, fills the first
    /// <paramref name="fillLength"/> and drops the buffer without disposing it.</summary>
    public static void Run(SelfReturningBufferPool pool, int size, int fillLength)
    {
        for (int i = 0; i < Iterations; i++)
        {
            SelfReturningBuffer buffer = pool.Rent(size);
            buffer.Span.Slice(0, fillLength).Fill((byte)i);
            GC.KeepAlive(buffer);
            Garbage();
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Garbage()
    {
        byte[] garbage = new byte[1024];
        garbage[0] = (byte)'a';
        s_sink = garbage;
    }
}

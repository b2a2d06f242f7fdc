using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Workloads;

/// <summary>
/// [self-returning] pooled-byte-array's benchmark: get a buffer of <see cref="Bytes"/>, fill it, allocate 1 KiB of garbage. One
/// benchmark operation is one iteration of that benchmark's 100,000-iteration loop, so its loop time is the
/// mean × 100,000 and its GC counts are BenchmarkDotNet's Gen0/Gen1/Gen2 (per 1,000 operations) × 100.
/// </summary>
[Workload("self-returning")]
public class SelfReturningBufferBenchmarks
{
    private const int GarbageBytes = 1024;

    [ParamsSource(nameof(BytesValues))]
    public int Bytes { get; set; }

    public static IEnumerable<int> BytesValues => [4 << 10, 32 << 10, 64 << 10];

    [Benchmark(Baseline = true), Implementation(ImplementationIds.NewArray)]
    public long NewArray()
    {
        byte[] buffer = new byte[Bytes];
        return Use(buffer.AsSpan());
    }

    /// <summary>Eddy's self-returning buffer, dropped without Dispose: the GC sends the array back.</summary>
    [Benchmark, Implementation(ImplementationIds.EddySelfReturningDropped)]
    public long EddyDropped()
    {
        SelfReturningBuffer buffer = SelfReturningBufferPool.Shared.Rent(Bytes);
        return Use(buffer.Span);
    }

    /// <summary>Eddy's self-returning buffer, disposed by its owner.</summary>
    [Benchmark, Implementation(ImplementationIds.EddySelfReturningDisposed)]
    public long EddyDisposed()
    {
        using SelfReturningBuffer buffer = SelfReturningBufferPool.Shared.Rent(Bytes);
        return Use(buffer.Span);
    }

    /// <summary>Manual rent/return: the owner must remember to return.</summary>
    [Benchmark, Implementation(ImplementationIds.ArrayPoolShared)]
    public long ArrayPoolShared()
    {
        byte[] buffer = ArrayPool<byte>.Shared.Rent(Bytes);
        long result = Use(buffer.AsSpan(0, Bytes));
        ArrayPool<byte>.Shared.Return(buffer);
        return result;
    }

    /// <summary>Fills the buffer as a serializer would, then allocates the benchmark's 1 KiB of young garbage.</summary>
    internal static long Use(Span<byte> buffer)
    {
        buffer.Fill((byte)'x');
        byte[] garbage = new byte[GarbageBytes];
        garbage[0] = (byte)'a';
        return buffer.Length + buffer[^1] + garbage[0];
    }
}

using System.Buffers;
using System.IO;
using BenchmarkDotNet.Attributes;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Micro.Streams;

/// <summary>
/// Where a 100-byte write-only stream spends its time: the stream's fixed costs taken apart, next to what
/// MemoryStream pays instead. The whole rows are the [write2k] 100 B and [k4os] 128 B workload cases; run them in
/// the same process with <c>--filter '*TinyStreamCost*' '*Workloads.StreamWrite2K*'</c>.
/// </summary>
[MemoryDiagnoser]
public class TinyStreamCostBenchmarks
{
    /// <summary>The MemoryStream object alone: construct and dispose.</summary>
    [Benchmark(Baseline = true)]
    public long MemoryStreamCreateDispose()
    {
        using var stream = new MemoryStream();
        return stream.Length;
    }

    /// <summary>The stream object alone: construct and dispose, nothing rented.</summary>
    [Benchmark]
    public long EddyCreateDispose()
    {
        using var stream = new PooledMemoryStream();
        return stream.Length;
    }

    /// <summary>The pool pair the first write and Dispose add, through the ArrayPool surface the stream uses.</summary>
    [Benchmark]
    public int BlockPoolRentReturn256()
    {
        ArrayPool<byte> pool = BlockPool.Shared;
        byte[] block = pool.Rent(256);
        pool.Return(block);
        return block.Length;
    }

    /// <summary>What MemoryStream pays instead: a zeroed 256-byte array.</summary>
    [Benchmark]
    public int NewArray256() => new byte[256].Length;
}

using System.Buffers;
using System.IO;
using BenchmarkDotNet.Attributes;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Streams;

/// <summary>
/// Where a 100-byte write-only stream spends its time: the stream's fixed costs taken apart, next to
/// MemoryStream doing the same. Explains the write2k 100 B row (docs/stream.md).
/// </summary>
[MemoryDiagnoser]
public class TinyStreamCostBenchmarks
{
    private readonly byte[] _data = new byte[100];

    /// <summary>MemoryStream: allocate the object and a 256-byte array, copy, dispose.</summary>
    [Benchmark(Baseline = true)]
    public long MemoryStreamWrite100()
    {
        using var stream = new MemoryStream();
        stream.Write(_data, 0, _data.Length);
        return stream.Length;
    }

    /// <summary>The whole Eddy row: create, rent on first write, copy, return on dispose.</summary>
    [Benchmark]
    public long EddyWrite100()
    {
        using var stream = new PooledMemoryStream();
        stream.Write(_data, 0, _data.Length);
        return stream.Length;
    }

    /// <summary>The stream object alone: construct and dispose, nothing rented.</summary>
    [Benchmark]
    public long EddyCreateDispose()
    {
        using var stream = new PooledMemoryStream();
        return stream.Length;
    }

    /// <summary>The MemoryStream object alone, for the same comparison.</summary>
    [Benchmark]
    public long MemoryStreamCreateDispose()
    {
        using var stream = new MemoryStream();
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

using System.Buffers;
using System.IO;
using System.Runtime.CompilerServices;
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
    private readonly byte[] _piece = new byte[128];
    private readonly byte[] _readBuffer = new byte[8192];

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

    /// <summary>The k4os 128 B row (write 128 B, rewind, read back in 8 KiB pieces) with MemoryStream, for a precise run of it.</summary>
    [Benchmark]
    public long MemoryStreamRoundTrip128()
    {
        using var stream = new MemoryStream();
        return RoundTrip(stream);
    }

    /// <summary>The k4os 128 B row with Eddy's default stream.</summary>
    [Benchmark]
    public long EddyRoundTrip128()
    {
        using var stream = new PooledMemoryStream();
        return RoundTrip(stream);
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

    // Inlined into each benchmark so each stream is called through its exact type, as in the k4os workload.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private long RoundTrip<TStream>(TStream stream)
        where TStream : Stream
    {
        stream.Write(_piece, 0, _piece.Length);
        stream.Position = 0;
        long total = 0;
        int n;
        while ((n = stream.Read(_readBuffer, 0, _readBuffer.Length)) > 0)
        {
            total += n;
        }

        return total;
    }
}

using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;
using Microsoft.IO;

namespace Eddy.Benchmarks.Workloads;

/// <summary>[write2k] Create a stream, write <see cref="Bytes"/> in 2 KiB pieces, dispose. Write-only.</summary>
// Quick mode leaves out Eddy's contiguous and segmented modes, which the comparison with the rivals does not need.
[Workload("write2k", QuickOmitted = new[] { ImplementationIds.EddyContiguous, ImplementationIds.EddySegmented })]
public class StreamWrite2KBenchmarks
{
    private const int Piece = 2048;
    private static readonly RecyclableMemoryStreamManager s_manager = new();

    private readonly byte[] _piece = TestData.Bytes(Piece);
    private byte[] _floor = [];

    [ParamsSource(nameof(BytesValues))]
    public int Bytes { get; set; }

    public static IEnumerable<int> BytesValues => BenchmarkMode.Select(
        full: [100, 1_000, 10_000, 100_000, 1_000_000],
        quick: [100, 10_000, 1_000_000]);

    [GlobalSetup]
    public void Setup() => _floor = new byte[Bytes];

    [Benchmark(Baseline = true), Implementation(ImplementationIds.MemoryStream)]
    public long MemoryStream()
    {
        using var stream = new MemoryStream();
        WritePieces(stream);
        return stream.Length;
    }

    [Benchmark, Implementation(ImplementationIds.RecyclableMemoryStream)]
    public long RecyclableMemoryStream()
    {
        using var stream = s_manager.GetStream();
        WritePieces(stream);
        return stream.Length;
    }

    [Benchmark, Implementation(ImplementationIds.Eddy)]
    public long Eddy()
    {
        using var stream = new PooledMemoryStream();
        WritePieces(stream);
        return stream.Length;
    }

#if EDDY_RIVALS_FROM_SOURCE
    [Benchmark, Implementation(ImplementationIds.K4osResizing)]
    public long K4osResizing()
    {
        using var stream = new K4os.Streams.ResizingByteBufferStream();
        WritePieces(stream);
        return stream.Length;
    }

    [Benchmark, Implementation(ImplementationIds.K4osChunked)]
    public long K4osChunked()
    {
        using var stream = new K4os.Streams.ChunkedByteBufferStream();
        WritePieces(stream);
        return stream.Length;
    }

    [Benchmark, Implementation(ImplementationIds.PooledStream)]
    public long PooledStream()
    {
        using var stream = new global::PooledStream.PooledMemoryStream();
        WritePieces(stream);
        return stream.Length;
    }
#endif

    [Benchmark, Implementation(ImplementationIds.EddyContiguous)]
    public long EddyContiguous()
    {
        using var stream = new PooledMemoryStream(StreamModes.Contiguous);
        WritePieces(stream);
        return stream.Length;
    }

    [Benchmark, Implementation(ImplementationIds.EddySegmented)]
    public long EddySegmented()
    {
        using var stream = new PooledMemoryStream(StreamModes.Segmented);
        WritePieces(stream);
        return stream.Length;
    }

    /// <summary>The same copies into an array allocated once in setup.</summary>
    [Benchmark, Implementation(ImplementationIds.Floor)]
    public long Floor()
    {
        byte[] target = _floor;
        int position = 0;
        while (position < target.Length)
        {
            int n = Math.Min(Piece, target.Length - position);
            _piece.AsSpan(0, n).CopyTo(target.AsSpan(position));
            position += n;
        }

        return position;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void WritePieces<TStream>(TStream stream)
        where TStream : Stream
    {
        int remaining = Bytes;
        while (remaining > 0)
        {
            int n = Math.Min(Piece, remaining);
            stream.Write(_piece, 0, n);
            remaining -= n;
        }
    }
}

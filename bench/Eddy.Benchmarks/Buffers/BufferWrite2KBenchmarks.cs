using System;
using System.Buffers;
using BenchmarkDotNet.Attributes;
using CommunityToolkit.HighPerformance.Buffers;
using Eddy.Buffers;
using Microsoft.IO;

namespace Eddy.Benchmarks.Buffers;

/// <summary>[buffers-2k] Writing 1 MiB in 2 KiB GetSpan/Advance pieces into each IBufferWriter, then disposing it.</summary>
[MemoryDiagnoser]
public class BufferWrite2KBenchmarks
{
    private const int Total = 1 << 20;
    private const int Piece = 2048;
    private static readonly RecyclableMemoryStreamManager s_manager = new();
    private readonly byte[] _piece = new byte[Piece];

    [GlobalSetup]
    public void Setup() => new Random(42).NextBytes(_piece);

    [Benchmark(Baseline = true)]
    public int ArrayBufferWriter()
    {
        var writer = new ArrayBufferWriter<byte>();
        Fill(writer);
        return writer.WrittenCount;
    }

    [Benchmark]
    public long SegmentedBuffer()
    {
        using var buffer = new SegmentedBuffer<byte>();
        Fill(buffer);
        return buffer.Length;
    }

    [Benchmark]
    public int PooledBufferWriter()
    {
        using var writer = new PooledBufferWriter<byte>();
        Fill(writer);
        return writer.WrittenCount;
    }

    [Benchmark]
    public int ToolkitArrayPoolBufferWriter()
    {
        using var writer = new ArrayPoolBufferWriter<byte>();
        Fill(writer);
        return writer.WrittenCount;
    }

    [Benchmark]
    public long RecyclableMemoryStream()
    {
        using RecyclableMemoryStream stream = s_manager.GetStream();
        Fill(stream);
        return stream.Length;
    }

    private void Fill<TWriter>(TWriter writer)
        where TWriter : IBufferWriter<byte>
    {
        for (int written = 0; written < Total; written += Piece)
        {
            _piece.CopyTo(writer.GetSpan(Piece));
            writer.Advance(Piece);
        }
    }
}

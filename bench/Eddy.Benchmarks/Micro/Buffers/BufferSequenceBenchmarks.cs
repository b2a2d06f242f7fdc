using System.Buffers;
using BenchmarkDotNet.Attributes;
using Eddy.Buffers;
using Microsoft.IO;

namespace Eddy.Benchmarks.Micro.Buffers;

/// <summary>[buffers-seq] Getting a ReadOnlySequence over 1 MiB held in chunks: the cost and the allocation of the view.</summary>
[MemoryDiagnoser]
public class BufferSequenceBenchmarks
{
    private static readonly RecyclableMemoryStreamManager s_manager = new();
    private SegmentedBuffer<byte> _buffer = null!;
    private RecyclableMemoryStream _stream = null!;

    [GlobalSetup]
    public void Setup()
    {
        var data = new byte[1 << 20];
        _buffer = new SegmentedBuffer<byte>();
        _buffer.Write(data);
        _stream = s_manager.GetStream();
        _stream.Write(data);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _buffer.Dispose();
        _stream.Dispose();
    }

    [Benchmark(Baseline = true)]
    public long SegmentedBufferAsReadOnlySequence() => _buffer.GetReadOnlySequence().Length;

    [Benchmark]
    public long RecyclableMemoryStreamGetReadOnlySequence() => _stream.GetReadOnlySequence().Length;
}

using System.Buffers;
using BenchmarkDotNet.Attributes;
using CommunityToolkit.HighPerformance.Buffers;
using Eddy.Buffers;
using Microsoft.IO;

namespace Eddy.Benchmarks.Micro.Buffers;

/// <summary>
/// One million GetSpan(1)/Advance(1) pairs through <see cref="IBufferWriter{T}"/>, as Utf8JsonWriter and most
/// serializers call a writer: the per-call overhead when nothing inlines. The same pairs through each concrete
/// type are the [buffer-writer] workload's Advance1x1M scenario.
/// </summary>
[MemoryDiagnoser]
public class BufferSmallAdvanceBenchmarks
{
    private const int Count = 1_000_000;
    private static readonly RecyclableMemoryStreamManager s_manager = new();

    [Benchmark(Baseline = true)]
    public int ArrayBufferWriter()
    {
        var writer = new ArrayBufferWriter<byte>();
        FillInterface(writer);
        return writer.WrittenCount;
    }

    [Benchmark]
    public long SegmentedBuffer()
    {
        using var writer = new SegmentedBuffer<byte>();
        FillInterface(writer);
        return writer.Length;
    }

    [Benchmark]
    public int PooledBufferWriter()
    {
        using var writer = new PooledBufferWriter<byte>();
        FillInterface(writer);
        return writer.Length;
    }

    [Benchmark]
    public int ToolkitArrayPoolBufferWriter()
    {
        using var writer = new ArrayPoolBufferWriter<byte>();
        FillInterface(writer);
        return writer.WrittenCount;
    }

    [Benchmark]
    public long RecyclableMemoryStream()
    {
        using RecyclableMemoryStream writer = s_manager.GetStream();
        FillInterface(writer);
        return writer.Length;
    }

    // Not inlined, so every call goes through the interface as it would from a serializer.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static void FillInterface(IBufferWriter<byte> writer)
    {
        for (int i = 0; i < Count; i++)
        {
            writer.GetSpan(1)[0] = (byte)i;
            writer.Advance(1);
        }
    }
}

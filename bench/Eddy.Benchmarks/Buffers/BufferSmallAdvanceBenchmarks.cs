using System.Buffers;
using BenchmarkDotNet.Attributes;
using CommunityToolkit.HighPerformance.Buffers;
using Eddy.Buffers;
using Microsoft.IO;

namespace Eddy.Benchmarks.Buffers;

/// <summary>
/// [buffers-1b] One million GetSpan(1)/Advance(1) pairs into each IBufferWriter: the per-call overhead.
/// <see cref="ViaInterface"/> false calls the concrete type (the calls can inline); true goes through
/// <see cref="IBufferWriter{T}"/> as Utf8JsonWriter and most serializers do.
/// </summary>
[MemoryDiagnoser]
public class BufferSmallAdvanceBenchmarks
{
    private const int Count = 1_000_000;
    private static readonly RecyclableMemoryStreamManager s_manager = new();

    [Params(false, true)]
    public bool ViaInterface { get; set; }

    [Benchmark(Baseline = true)]
    public int ArrayBufferWriter()
    {
        var writer = new ArrayBufferWriter<byte>();
        if (ViaInterface)
        {
            FillInterface(writer);
        }
        else
        {
            for (int i = 0; i < Count; i++)
            {
                writer.GetSpan(1)[0] = (byte)i;
                writer.Advance(1);
            }
        }

        return writer.WrittenCount;
    }

    [Benchmark]
    public long SegmentedBuffer()
    {
        using var writer = new SegmentedBuffer<byte>();
        if (ViaInterface)
        {
            FillInterface(writer);
        }
        else
        {
            for (int i = 0; i < Count; i++)
            {
                writer.GetSpan(1)[0] = (byte)i;
                writer.Advance(1);
            }
        }

        return writer.Length;
    }

    [Benchmark]
    public int PooledBufferWriter()
    {
        using var writer = new PooledBufferWriter<byte>();
        if (ViaInterface)
        {
            FillInterface(writer);
        }
        else
        {
            for (int i = 0; i < Count; i++)
            {
                writer.GetSpan(1)[0] = (byte)i;
                writer.Advance(1);
            }
        }

        return writer.WrittenCount;
    }

    [Benchmark]
    public int ToolkitArrayPoolBufferWriter()
    {
        using var writer = new ArrayPoolBufferWriter<byte>();
        if (ViaInterface)
        {
            FillInterface(writer);
        }
        else
        {
            for (int i = 0; i < Count; i++)
            {
                writer.GetSpan(1)[0] = (byte)i;
                writer.Advance(1);
            }
        }

        return writer.WrittenCount;
    }

    [Benchmark]
    public long RecyclableMemoryStream()
    {
        using RecyclableMemoryStream writer = s_manager.GetStream();
        if (ViaInterface)
        {
            FillInterface(writer);
        }
        else
        {
            for (int i = 0; i < Count; i++)
            {
                writer.GetSpan(1)[0] = (byte)i;
                writer.Advance(1);
            }
        }

        return writer.Length;
    }

    private static void FillInterface(IBufferWriter<byte> writer)
    {
        for (int i = 0; i < Count; i++)
        {
            writer.GetSpan(1)[0] = (byte)i;
            writer.Advance(1);
        }
    }
}

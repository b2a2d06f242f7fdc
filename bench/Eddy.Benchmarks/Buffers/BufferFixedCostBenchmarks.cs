using System.IO;
using System.Text;
using BenchmarkDotNet.Attributes;
using Eddy.Binary;
using Eddy.Buffers;

namespace Eddy.Benchmarks.Buffers;

/// <summary>
/// What a fresh <see cref="SegmentedBuffer{T}"/> costs before it holds much: the fixed part of the binary N = 1
/// row and of every small segmented buffer (docs/binary.md, "Fixed cost").
/// </summary>
[MemoryDiagnoser]
public class BufferFixedCostBenchmarks
{
    /// <summary>The binary workload's N = 1 row with BinaryWriter/BinaryReader over a MemoryStream.</summary>
    [Benchmark(Baseline = true)]
    public long BinaryWriterOneValue()
    {
        using var stream = new MemoryStream();
        using (var writer = new BinaryWriter(stream, Encoding.UTF8, leaveOpen: true))
        {
            writer.Write(42L);
        }

        stream.Position = 0;
        using var reader = new BinaryReader(stream, Encoding.UTF8, leaveOpen: true);
        return reader.ReadInt64();
    }

    /// <summary>The same row with Eddy's writer and reader over a fresh SegmentedBuffer.</summary>
    [Benchmark]
    public long EddyOneValue()
    {
        using var buffer = new SegmentedBuffer<byte>();
        var writer = new BinaryBufferWriter(buffer);
        writer.Write(42L);
        writer.Flush();
        var reader = new BinarySequenceReader(buffer);
        return reader.ReadInt64();
    }

    /// <summary>The buffer alone: create, write 8 bytes, dispose (one chunk rented and returned).</summary>
    [Benchmark]
    public long SegmentedBufferWrite8()
    {
        using var buffer = new SegmentedBuffer<byte>();
        buffer.GetSpan(8);
        buffer.Advance(8);
        return buffer.Length;
    }
}

using BenchmarkDotNet.Attributes;
using Eddy.Buffers;

namespace Eddy.Benchmarks.Micro.Buffers;

/// <summary>
/// What a fresh <see cref="SegmentedBuffer{T}"/> costs before it holds much: the fixed part of the [binary]
/// workload's Count = 1 row and of every small segmented buffer (docs/binary.md, "Fixed cost").
/// </summary>
[MemoryDiagnoser]
public class BufferFixedCostBenchmarks
{
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

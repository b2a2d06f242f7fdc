using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Eddy.Binary;
using Eddy.Buffers;

namespace Eddy.Benchmarks.Micro.Binary;

/// <summary>
/// The codec over reused outputs: the [binary] workload's round trip (write N Int64 values, read them back, sum
/// them) without a fresh buffer per round, so what remains is the writer's and reader's own cost. The fresh-buffer,
/// BinaryWriter and floor rows are the workload's. Set EDDY_BINARY_N (comma-separated) to run a subset of N.
/// </summary>
[MemoryDiagnoser]
public class BinaryInt64Benchmarks
{
    private readonly ArrayBufferWriter<byte> _reusedOutput = new();
    private readonly SegmentedBuffer<byte> _reusedBuffer = new();

    [ParamsSource(nameof(Sizes))]
    public int N { get; set; }

    public static IEnumerable<int> Sizes() => BenchmarkSizes.FromEnvironment("EDDY_BINARY_N", 1, 8, 64, 512, 1024, 8192, 65536, 10_485_760);

    [GlobalCleanup]
    public void Cleanup() => _reusedBuffer.Dispose();

    /// <summary>One SegmentedBuffer reset between rounds, keeping its chunks.</summary>
    [Benchmark]
    public long Eddy_SegmentedBuffer_Reused()
    {
        _reusedBuffer.Clear();
        var writer = new BinaryBufferWriter(_reusedBuffer);
        for (long i = 0; i < N; i++)
        {
            writer.Write(i);
        }

        writer.Flush();
        var reader = new BinarySequenceReader(_reusedBuffer.GetReadOnlySequence());
        long sum = 0;
        for (int i = 0; i < N; i++)
        {
            sum += reader.Read<long>();
        }

        return sum;
    }

    /// <summary>The writer's <c>Write</c> methods and the reader over a reused ArrayBufferWriter: the codec's own cost.</summary>
    [Benchmark(Baseline = true)]
    public long Eddy_ArrayBufferWriter()
    {
        _reusedOutput.ResetWrittenCount();
        var writer = new BinaryBufferWriter(_reusedOutput);
        for (long i = 0; i < N; i++)
        {
            writer.Write(i);
        }

        writer.Flush();
        var reader = new BinarySequenceReader(_reusedOutput.WrittenSpan);
        long sum = 0;
        for (int i = 0; i < N; i++)
        {
            sum += reader.Read<long>();
        }

        return sum;
    }

    /// <summary>The same writer with <c>&lt;&lt;</c> chaining over the same reused output.</summary>
    [Benchmark]
    public long Eddy_Chain_ArrayBufferWriter()
    {
        _reusedOutput.ResetWrittenCount();
        var writer = new BinaryBufferWriter(_reusedOutput);
        for (long i = 0; i < N; i++)
        {
            _ = writer << i;
        }

        writer.Flush();
        var reader = new BinarySequenceReader(_reusedOutput.WrittenSpan);
        long sum = 0;
        for (int i = 0; i < N; i++)
        {
            sum += reader.Read<long>();
        }

        return sum;
    }
}

using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Eddy.Binary;
using Eddy.Buffers;

namespace Eddy.Benchmarks.Binary;

/// <summary>
/// [binary-int64] Seed 002's workload: write N Int64 values, then read them back and sum them.
/// Set EDDY_BINARY_N (comma-separated) to run a subset of N.
/// </summary>
[MemoryDiagnoser]
public class BinaryInt64Benchmarks
{
    private readonly ArrayBufferWriter<byte> _reusedOutput = new();
    private readonly SegmentedBuffer<byte> _reusedBuffer = new();
    private byte[] _floor = Array.Empty<byte>();

    [ParamsSource(nameof(Sizes))]
    public int N { get; set; }

    public static IEnumerable<int> Sizes() => BenchmarkSizes.FromEnvironment("EDDY_BINARY_N", 1, 8, 64, 512, 1024, 8192, 65536, 10_485_760);

    [GlobalSetup]
    public void Setup() => _floor = new byte[N * sizeof(long)];

    [GlobalCleanup]
    public void Cleanup() => _reusedBuffer.Dispose();

    [Benchmark(Baseline = true)]
    public long BinaryWriter_MemoryStream()
    {
        using var stream = new MemoryStream();
        using var writer = new BinaryWriter(stream);
        for (long i = 0; i < N; i++)
        {
            writer.Write(i);
        }

        writer.Flush();
        stream.Position = 0;
        using var reader = new BinaryReader(stream);
        long sum = 0;
        for (int i = 0; i < N; i++)
        {
            sum += reader.ReadInt64();
        }

        return sum;
    }

    /// <summary>The span writer into a fresh SegmentedBuffer (pooled chunks), read back as a sequence.</summary>
    [Benchmark]
    public long Eddy_SegmentedBuffer()
    {
        using var buffer = new SegmentedBuffer<byte>();
        var writer = new BinaryBufferWriter(buffer);
        for (long i = 0; i < N; i++)
        {
            writer.Write(i);
        }

        writer.Flush();
        var reader = new BinarySequenceReader(buffer);
        long sum = 0;
        for (int i = 0; i < N; i++)
        {
            sum += reader.ReadInt64();
        }

        return sum;
    }

    /// <summary>The same over one SegmentedBuffer reset between rounds, keeping its chunks.</summary>
    [Benchmark]
    public long Eddy_SegmentedBuffer_Reused()
    {
        _reusedBuffer.Reset(keepChunks: true);
        var writer = new BinaryBufferWriter(_reusedBuffer);
        for (long i = 0; i < N; i++)
        {
            writer.Write(i);
        }

        writer.Flush();
        var reader = new BinarySequenceReader(_reusedBuffer);
        long sum = 0;
        for (int i = 0; i < N; i++)
        {
            sum += reader.ReadInt64();
        }

        return sum;
    }

    /// <summary>The span writer and sequence reader over a reused ArrayBufferWriter: the codec's own cost.</summary>
    [Benchmark]
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
            sum += reader.ReadInt64();
        }

        return sum;
    }

    /// <summary>The class writer with <c>&lt;&lt;</c> chaining over the same reused output.</summary>
    [Benchmark]
    public long Eddy_Chain_ArrayBufferWriter()
    {
        _reusedOutput.ResetWrittenCount();
        var writer = new BinaryChainWriter(_reusedOutput);
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

    /// <summary>The physical limit: MemoryMarshal writes into a preallocated array, then reads back.</summary>
    [Benchmark]
    public long Floor()
    {
        Span<byte> span = _floor;
        for (int i = 0; i < N; i++)
        {
            MemoryMarshal.Write(span.Slice(i * sizeof(long)), (long)i);
        }

        long sum = 0;
        for (int i = 0; i < N; i++)
        {
            sum += MemoryMarshal.Read<long>(span.Slice(i * sizeof(long)));
        }

        return sum;
    }
}

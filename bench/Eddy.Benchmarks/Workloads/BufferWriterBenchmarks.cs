using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using CommunityToolkit.HighPerformance.Buffers;
using Eddy.Benchmarks.Harness;
using Eddy.Buffers;
using Microsoft.IO;

namespace Eddy.Benchmarks.Workloads;

/// <summary>
/// [buffer-writer] A fresh IBufferWriter{byte} per operation, filled by <see cref="Scenario"/>, then disposed.
/// DotNext's SparseBufferWriter is not served here, so its row is absent.
/// </summary>
// CommunityToolkit's one-byte-advance row takes a level for a whole process, and which one depends on whether the
// class's other scenarios ran before it (docs/benchmarks.md, "Quick mode"), so quick mode runs the class in three
// processes and keeps each row's median; extra processes of that scenario alone would not measure it as these do.
[Workload("buffer-writer", QuickProcesses = 3)]
public class BufferWriterBenchmarks
{
    private const int Piece = 2048;
    private const int SingleByteCalls = 1_000_000;
    private static readonly RecyclableMemoryStreamManager s_manager = new();

    private readonly byte[] _piece = TestData.Bytes(Piece);

    [ParamsAllValues]
    public BufferWriterScenario Scenario { get; set; }

    [Benchmark(Baseline = true), Implementation(ImplementationIds.ArrayBufferWriter)]
    public long ArrayBufferWriter()
    {
        var writer = new ArrayBufferWriter<byte>();
        Fill(writer);
        return writer.WrittenCount;
    }

    [Benchmark, Implementation(ImplementationIds.CommunityToolkit)]
    public long CommunityToolkit()
    {
        using var writer = new ArrayPoolBufferWriter<byte>();
        Fill(writer);
        return writer.WrittenCount;
    }

    [Benchmark, Implementation(ImplementationIds.RecyclableMemoryStream)]
    public long RecyclableMemoryStream()
    {
        using var writer = s_manager.GetStream();
        Fill(writer);
        return writer.Length;
    }

    /// <summary>Eddy's segmented buffer: pooled chunks, never a copy on growth.</summary>
    [Benchmark, Implementation(ImplementationIds.EddySegmented)]
    public long EddySegmentedBuffer()
    {
        using var writer = new SegmentedBuffer<byte>();
        Fill(writer);
        return writer.Length;
    }

    /// <summary>Eddy's contiguous writer: one pooled array, growth copies only the written part.</summary>
    [Benchmark, Implementation(ImplementationIds.EddyContiguous)]
    public long EddyPooledBufferWriter()
    {
        using var writer = new PooledBufferWriter<byte>();
        Fill(writer);
        return writer.Length;
    }

    /// <summary>Inlined into each benchmark so every writer is called through its exact type.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Fill<TWriter>(TWriter writer)
        where TWriter : IBufferWriter<byte>
    {
        switch (Scenario)
        {
            case BufferWriterScenario.Write2KiBTo64KiB:
                WritePieces(writer, 64 << 10);
                break;
            case BufferWriterScenario.Write2KiBTo1MiB:
                WritePieces(writer, 1 << 20);
                break;
            default:
                for (int i = 0; i < SingleByteCalls; i++)
                {
                    writer.GetSpan(1)[0] = (byte)i;
                    writer.Advance(1);
                }

                break;
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void WritePieces<TWriter>(TWriter writer, int total)
        where TWriter : IBufferWriter<byte>
    {
        for (int written = 0; written < total; written += Piece)
        {
            _piece.CopyTo(writer.GetSpan(Piece));
            writer.Advance(Piece);
        }
    }
}

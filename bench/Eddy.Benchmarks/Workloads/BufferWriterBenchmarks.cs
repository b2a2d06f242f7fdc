using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using CommunityToolkit.HighPerformance.Buffers;
using DotNext.Buffers;
using Eddy;
using Eddy.Benchmarks.Harness;
using Eddy.Buffers;
using Microsoft.IO;
using Nerdbank.Streams;

namespace Eddy.Benchmarks.Workloads;

/// <summary>
/// [buffer-writer] A fresh IBufferWriter{byte} per operation, filled by <see cref="Scenario"/>, its content walked
/// in order (a <see cref="SampledChecksum"/> over its span or the segments of its sequence), then disposed.
/// Each writer is created the way its documentation shows, on the pool a user gets from it. Writers compare with
/// their own kind: the segmented ones (Nerdbank.Streams' Sequence, DotNext's SparseBufferWriter,
/// RecyclableMemoryStream) with Eddy's SegmentedBuffer, the contiguous pooled ones (CommunityToolkit's
/// ArrayPoolBufferWriter, DotNext's PoolingArrayBufferWriter) with Eddy's PooledBufferWriter.
/// </summary>
[Workload("buffer-writer")]
public class BufferWriterBenchmarks
{
    private const int Piece = 2048;
    private const int SingleByteCalls = 1_000_000;

    // A prime, so the samples fall on different offsets of the 2 KiB piece and on varying bytes of Advance1x1M's
    // counter, where every multiple of 2 KiB would read the same byte.
    private const int SampleInterval = 1021;
    private static readonly RecyclableMemoryStreamManager s_manager = new();

    private readonly byte[] _piece = TestData.Bytes(Piece);

    [ParamsAllValues]
    public BufferWriterScenario Scenario { get; set; }

    [Benchmark(Baseline = true), Implementation(ImplementationIds.ArrayBufferWriter)]
    public long ArrayBufferWriter()
    {
        var writer = new ArrayBufferWriter<byte>();
        Fill(writer);
        return Walk(writer.WrittenSpan);
    }

    /// <summary>Contiguous: one pooled array, grown by copying; ArrayPool&lt;byte&gt;.Shared, its default.</summary>
    [Benchmark, Implementation(ImplementationIds.CommunityToolkit)]
    public long CommunityToolkit()
    {
        using var writer = new ArrayPoolBufferWriter<byte>();
        Fill(writer);
        return Walk(writer.WrittenSpan);
    }

    /// <summary>Contiguous: one pooled array, grown by copying; ArrayPool&lt;byte&gt;.Shared, its default.</summary>
    [Benchmark, Implementation(ImplementationIds.DotNextPoolingArray)]
    public long DotNextPoolingArrayBufferWriter()
    {
        using var writer = new PoolingArrayBufferWriter<byte>();
        Fill(writer);
        return Walk(writer.WrittenMemory.Span);
    }

    /// <summary>Eddy's contiguous writer: one pooled array, growth copies only the written part.</summary>
    [Benchmark, Implementation(ImplementationIds.EddyContiguous)]
    public long EddyPooledBufferWriter()
    {
        using var writer = new PooledBufferWriter<byte>();
        Fill(writer);
        return Walk(writer.WrittenSpan);
    }

    /// <summary>Segmented: 128 KiB pooled blocks (its default manager), read back through GetReadOnlySequence.</summary>
    [Benchmark, Implementation(ImplementationIds.RecyclableMemoryStream)]
    public long RecyclableMemoryStream()
    {
        using var writer = s_manager.GetStream();
        Fill(writer);
        return Walk(writer.GetReadOnlySequence());
    }

    /// <summary>
    /// Segmented: arrays from ArrayPool&lt;byte&gt;.Shared. Its parameterless constructor would give every Sequence a
    /// private pool of its own, which a fresh writer per operation never reuses, so users of short-lived
    /// sequences pass the shared pool.
    /// </summary>
    [Benchmark, Implementation(ImplementationIds.NerdbankSequence)]
    public long NerdbankSequence()
    {
        using var writer = new Sequence<byte>(ArrayPool<byte>.Shared);
        Fill(writer);
        return Walk(writer.AsReadOnlySequence);
    }

    /// <summary>
    /// Segmented: chunks from MemoryPool&lt;byte&gt;.Shared (its parameterless constructor), walked with its own
    /// enumerator. Its IBufferWriter members are explicit and its docs say to avoid them, as they can leave holes
    /// (through them every GetSpan opens a new chunk while the current one has room), so it takes the same bytes
    /// through its public Write(ReadOnlySpan) and Add: the same copies from the same source.
    /// </summary>
    [Benchmark, Implementation(ImplementationIds.DotNextSparse)]
    public long DotNextSparseBufferWriter()
    {
        using var writer = new SparseBufferWriter<byte>();
        int total = PiecesTotal();
        if (total > 0)
        {
            for (int written = 0; written < total; written += Piece)
            {
                writer.Write(_piece);
            }
        }
        else
        {
            for (int i = 0; i < SingleByteCalls; i++)
            {
                writer.Add((byte)i);
            }
        }

        var checksum = new SampledChecksum(SampleInterval);
        foreach (ReadOnlyMemory<byte> chunk in writer)
        {
            checksum.Add(chunk.Span);
        }

        return checksum.Result;
    }

    /// <summary>Eddy's stream as an IBufferWriter: one pooled array while small, then pooled chunks, read back through
    /// GetReadOnlySequence, as RecyclableMemoryStream is.</summary>
    [Benchmark, Implementation(ImplementationIds.Eddy)]
    public long EddyPooledMemoryStream()
    {
        using var writer = new PooledMemoryStream();
        Fill(writer);
        return Walk(writer.GetReadOnlySequence());
    }

    /// <summary>Eddy's segmented buffer: pooled chunks, never a copy on growth.</summary>
    [Benchmark, Implementation(ImplementationIds.EddySegmented)]
    public long EddySegmentedBuffer()
    {
        using var writer = new SegmentedBuffer<byte>();
        Fill(writer);
        return Walk(writer.GetReadOnlySequence());
    }

    private static long Walk(ReadOnlySpan<byte> content)
    {
        var checksum = new SampledChecksum(SampleInterval);
        checksum.Add(content);
        return checksum.Result;
    }

    private static long Walk(ReadOnlySequence<byte> content)
    {
        var checksum = new SampledChecksum(SampleInterval);
        checksum.Add(content);
        return checksum.Result;
    }

    /// <summary>The bytes a piece scenario writes in 2 KiB pieces; 0 for <see cref="BufferWriterScenario.Advance1x1M"/>.</summary>
    private int PiecesTotal() => Scenario switch
    {
        BufferWriterScenario.Write2KiBTo64KiB => 64 << 10,
        BufferWriterScenario.Write2KiBTo1MiB => 1 << 20,
        _ => 0,
    };

    /// <summary>Inlined into each benchmark so every writer is called through its exact type.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Fill<TWriter>(TWriter writer)
        where TWriter : IBufferWriter<byte>
    {
        int total = PiecesTotal();
        if (total > 0)
        {
            WritePieces(writer, total);
            return;
        }

        for (int i = 0; i < SingleByteCalls; i++)
        {
            writer.GetSpan(1)[0] = (byte)i;
            writer.Advance(1);
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

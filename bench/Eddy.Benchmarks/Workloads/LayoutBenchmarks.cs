using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;
using Eddy.Buffers;

namespace Eddy.Benchmarks.Workloads;

/// <summary>The operations of <see cref="LayoutBenchmarks"/>, each a case of another workload.</summary>
public enum LayoutCase
{
    /// <summary>k4os at 64 KiB: write in 1 KiB pieces, read back in 8 KiB pieces (Auto stream).</summary>
    K4os64KiB,

    /// <summary>k4os at 8 MiB.</summary>
    K4os8MiB,

    /// <summary>write2k at 10 KB: contiguous growth copies 2, 4 and 8 KiB from block to block.</summary>
    Write2k10KB,

    /// <summary>buffer-writer, 1 MiB in 2 KiB pieces through the contiguous <see cref="PooledBufferWriter{T}"/>.</summary>
    BufferWriter1MiB,

    /// <summary>buffer-writer, 1 MiB in 2 KiB pieces through <see cref="SegmentedBuffer{T}"/>.</summary>
    SegmentedBuffer1MiB,
}

/// <summary>
/// [layout] The same operation on the same sequence of blocks, once with the blocks spread apart and once pinned
/// back to back, the worst placement for copies from one block to the next (see docs/design.md, "Copies and memory
/// layout"). The back-to-back row over the spread row is the layout penalty.
/// </summary>
[Workload("layout")]
public class LayoutBenchmarks
{
    private const int WritePiece = 1024;
    private const int ReadPiece = 8 * 1024;
    private const int BufferPiece = 2048;

    private readonly byte[] _piece = TestData.Bytes(BufferPiece);
    private readonly byte[] _readBuffer = new byte[ReadPiece];
    private ArrangedBlockPool _spread = null!;
    private ArrangedBlockPool _backToBack = null!;

    [ParamsSource(nameof(CaseValues))]
    public LayoutCase Case { get; set; }

    public static IEnumerable<LayoutCase> CaseValues => BenchmarkMode.Select(
        full: Enum.GetValues<LayoutCase>(),
        quick: [LayoutCase.K4os64KiB, LayoutCase.K4os8MiB, LayoutCase.SegmentedBuffer1MiB]);

    [GlobalSetup]
    public void Setup()
    {
        _spread = ArrangedBlockPool.Create(BlockLayout.Spread, pool => Run(pool));
        _backToBack = ArrangedBlockPool.Create(BlockLayout.BackToBack, pool => Run(pool));
    }

    [Benchmark(Baseline = true), Implementation(ImplementationIds.EddySpreadBlocks)]
    public long Spread() => Run(_spread);

    [Benchmark, Implementation(ImplementationIds.EddyBackToBackBlocks)]
    public long BackToBack() => Run(_backToBack);

    private long Run(ArrayPool<byte> pool) => Case switch
    {
        LayoutCase.K4os64KiB => WriteThenRead(pool, 64 << 10),
        LayoutCase.K4os8MiB => WriteThenRead(pool, 8 << 20),
        LayoutCase.Write2k10KB => WriteOnly(pool, 10_000),
        LayoutCase.BufferWriter1MiB => FillContiguousWriter(pool, 1 << 20),
        LayoutCase.SegmentedBuffer1MiB => FillSegmentedBuffer(pool, 1 << 20),
        _ => throw new InvalidOperationException(Case.ToString()),
    };

    private long WriteThenRead(ArrayPool<byte> pool, int bytes)
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool });
        for (int remaining = bytes; remaining > 0; remaining -= WritePiece)
        {
            stream.Write(_piece, 0, Math.Min(WritePiece, remaining));
        }

        stream.Position = 0;
        long result = 0;
        int read;
        while ((read = stream.Read(_readBuffer, 0, ReadPiece)) > 0)
        {
            result += read + _readBuffer[0];
        }

        return result;
    }

    private long WriteOnly(ArrayPool<byte> pool, int bytes)
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool });
        for (int remaining = bytes; remaining > 0; remaining -= BufferPiece)
        {
            stream.Write(_piece, 0, Math.Min(BufferPiece, remaining));
        }

        return stream.Length;
    }

    private long FillContiguousWriter(ArrayPool<byte> pool, int bytes)
    {
        using var writer = new PooledBufferWriter<byte>(pool: pool);
        for (int remaining = bytes; remaining > 0; remaining -= BufferPiece)
        {
            int n = Math.Min(BufferPiece, remaining);
            _piece.AsSpan(0, n).CopyTo(writer.GetSpan(n));
            writer.Advance(n);
        }

        return writer.Length;
    }

    private long FillSegmentedBuffer(ArrayPool<byte> pool, int bytes)
    {
        using var writer = new SegmentedBuffer<byte>(pool);
        for (int remaining = bytes; remaining > 0; remaining -= BufferPiece)
        {
            int n = Math.Min(BufferPiece, remaining);
            _piece.AsSpan(0, n).CopyTo(writer.GetSpan(n));
            writer.Advance(n);
        }

        return writer.Length;
    }
}

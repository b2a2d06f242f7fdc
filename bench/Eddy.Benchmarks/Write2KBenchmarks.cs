using System;
using System.IO;
using BenchmarkDotNet.Attributes;
using Microsoft.IO;

namespace Eddy.Benchmarks;

/// <summary>[write2k] Write-only in 2 KiB pieces.</summary>
public class Write2KBenchmarks
{
    private static readonly RecyclableMemoryStreamManager s_manager = new();
    private readonly byte[] _piece = new byte[2048];
    private byte[] _floor = Array.Empty<byte>();

    [Params(100, 1_000, 10_000, 100_000, 1_000_000)]
    public int Length { get; set; }

    [GlobalSetup]
    public void Setup() => _floor = new byte[Length];

    [Benchmark(Baseline = true)]
    public long MemoryStream()
    {
        using var stream = new MemoryStream();
        WritePieces(stream);
        return stream.Length;
    }

    [Benchmark]
    public long RecyclableMemoryStream()
    {
        using var stream = s_manager.GetStream();
        WritePieces(stream);
        return stream.Length;
    }

    /// <summary>The physical limit: the same copies into an array that never grows.</summary>
    [Benchmark]
    public int Floor()
    {
        int position = 0;
        while (position < Length)
        {
            int n = Math.Min(_piece.Length, Length - position);
            _piece.AsSpan(0, n).CopyTo(_floor.AsSpan(position));
            position += n;
        }

        return position;
    }

    private void WritePieces(Stream stream)
    {
        int remaining = Length;
        while (remaining > 0)
        {
            int n = Math.Min(_piece.Length, remaining);
            stream.Write(_piece, 0, n);
            remaining -= n;
        }
    }
}

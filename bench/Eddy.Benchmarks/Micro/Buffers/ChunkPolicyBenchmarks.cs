using System;
using BenchmarkDotNet.Attributes;
using Eddy.Buffers;

namespace Eddy.Benchmarks.Micro.Buffers;

/// <summary>
/// [buffers-policy] The evidence behind SegmentedBuffer's default chunk growth: writing a payload in 2 KiB
/// pieces with different first-chunk and largest-chunk lengths.
/// </summary>
[MemoryDiagnoser]
public class ChunkPolicyBenchmarks
{
    private const int Piece = 2048;
    private readonly byte[] _piece = new byte[Piece];

    [Params(16 * 1024, 1024 * 1024, 8 * 1024 * 1024)]
    public int Total { get; set; }

    [Params(4 * 1024, 16 * 1024, 64 * 1024)]
    public int InitialChunk { get; set; }

    [Params(128 * 1024, 1024 * 1024)]
    public int MaxChunk { get; set; }

    [GlobalSetup]
    public void Setup() => new Random(42).NextBytes(_piece);

    [Benchmark]
    public long Write()
    {
        using var buffer = new SegmentedBuffer<byte>(null, InitialChunk, MaxChunk);
        for (int written = 0; written < Total; written += Piece)
        {
            _piece.CopyTo(buffer.GetSpan(Piece));
            buffer.Advance(Piece);
        }

        return buffer.Length;
    }
}

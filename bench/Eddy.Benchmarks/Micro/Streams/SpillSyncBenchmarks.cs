using System;
using System.IO;
using BenchmarkDotNet.Attributes;
using DotNext.IO;
using Eddy.Benchmarks.Workloads;
using Eddy.FileBuffering;

namespace Eddy.Benchmarks.Micro.Streams;

/// <summary>
/// [streams] The spill workload through the synchronous members: 64 MiB written in <see cref="Piece"/>-byte writes past
/// a 1 MiB memory threshold, read back in 64 KiB pieces, disposed. DotNext's FileBufferingWriter (the baseline) keeps
/// its threshold-sized buffer after the spill and gathers writes into it; Eddy gathers writes smaller than its file
/// buffer into that buffer. 4 KiB is the piece a <c>CopyTo</c> from a request body hands over.
/// </summary>
[MemoryDiagnoser]
public class SpillSyncBenchmarks
{
    private const long Bytes = 64L << 20;
    private const int ReadPiece = 64 << 10;

    private static readonly FileBufferingStreamOptions s_spillOptions = new() { MemoryThreshold = SpillBenchmarks.Threshold, MaximumLength = long.MaxValue };
    private static readonly FileBufferingWriter.Options s_dotNextOptions = new() { MemoryThreshold = SpillBenchmarks.Threshold };

    private readonly byte[] _readBuffer = new byte[ReadPiece];
    private byte[] _piece = [];

    [Params(4 << 10, 64 << 10)]
    public int Piece { get; set; }

    [GlobalSetup]
    public void Setup() => _piece = TestData.Bytes(Piece);

    [Benchmark(Baseline = true)]
    public long DotNextFileBufferingWriter()
    {
        using var writer = new FileBufferingWriter(s_dotNextOptions);
        Write(writer);
        using Stream content = writer.GetWrittenContentAsStream();
        return ReadBack(content);
    }

    [Benchmark]
    public long FileBufferingStream()
    {
        using var stream = new FileBufferingStream(s_spillOptions);
        Write(stream);
        stream.Position = 0;
        return ReadBack(stream);
    }

    private void Write(Stream stream)
    {
        for (long remaining = Bytes; remaining > 0; remaining -= Piece)
        {
            stream.Write(_piece, 0, (int)Math.Min(Piece, remaining));
        }
    }

    private long ReadBack(Stream stream)
    {
        var checksum = new SampledChecksum(ReadPiece);
        int read;
        while ((read = stream.Read(_readBuffer, 0, _readBuffer.Length)) > 0)
        {
            checksum.Add(_readBuffer.AsSpan(0, read));
        }

        return checksum.Result;
    }
}

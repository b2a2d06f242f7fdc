using System;
using System.IO;
using BenchmarkDotNet.Attributes;

namespace Eddy.Benchmarks.Streams;

/// <summary>Seed K4os.Streams' workload: write in 1 KiB pieces, then read back in 8 KiB pieces, then dispose.</summary>
[MemoryDiagnoser]
public class WriteReadBenchmarks
{
    private readonly byte[] _writePiece = new byte[1024];
    private readonly byte[] _readPiece = new byte[8192];

    [Params(128, 1024, 8 * 1024, 64 * 1024, 128 * 1024, 1024 * 1024, 8 * 1024 * 1024, 128 * 1024 * 1024)]
    public int Length { get; set; }

    [Benchmark(Baseline = true)]
    public long MemoryStream() => Run(new MemoryStream());

    [Benchmark]
    public long RecyclableMemoryStream() => Run(StreamFactory.Recyclable.GetStream());

    [Benchmark]
    public long EddyAuto() => Run(new PooledMemoryStream());

    [Benchmark]
    public long EddyContiguous() => Run(new PooledMemoryStream(StreamFactory.Contiguous));

    [Benchmark]
    public long EddySegmented() => Run(new PooledMemoryStream(StreamFactory.Segmented));

    private long Run(Stream stream)
    {
        using (stream)
        {
            int remaining = Length;
            while (remaining > 0)
            {
                int n = Math.Min(_writePiece.Length, remaining);
                stream.Write(_writePiece, 0, n);
                remaining -= n;
            }

            stream.Position = 0;
            long total = 0;
            int read;
            while ((read = stream.Read(_readPiece, 0, _readPiece.Length)) > 0)
            {
                total += read;
            }

            return total;
        }
    }
}

using System;
using System.IO;
using BenchmarkDotNet.Attributes;

namespace Eddy.Benchmarks.Streams;

/// <summary>Write-only in 2 KiB pieces, then dispose.</summary>
[MemoryDiagnoser]
public class StreamWrite2KBenchmarks
{
    private readonly byte[] _piece = new byte[2048];

    [Params(100, 1_000, 10_000, 100_000, 1_000_000)]
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
                int n = Math.Min(_piece.Length, remaining);
                stream.Write(_piece, 0, n);
                remaining -= n;
            }

            return stream.Length;
        }
    }
}

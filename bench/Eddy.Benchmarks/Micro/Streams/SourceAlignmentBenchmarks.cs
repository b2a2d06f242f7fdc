using System.IO;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;
using Eddy.Benchmarks.Workloads;

namespace Eddy.Benchmarks.Micro.Streams;

/// <summary>
/// The [write2k] 1 KB case (create, write 1,000 bytes, dispose) with the source bytes starting
/// <see cref="SourceOffset"/> bytes into their array: the copy's cost depends on how the source and the stream's
/// array are aligned relative to each other, which is where the GC happened to put them. PooledStream is not served
/// here: its rows exist in builds with EddyRivalsDirectory set.
/// </summary>
public class SourceAlignmentBenchmarks
{
    private const int Bytes = 1000;
    private readonly byte[] _source = TestData.Bytes(Bytes + 64);

    [Params(0, 8, 16, 24)]
    public int SourceOffset { get; set; }

    [Benchmark(Baseline = true)]
    public long MemoryStream()
    {
        using var stream = new MemoryStream();
        stream.Write(_source, SourceOffset, Bytes);
        return stream.Length;
    }

    [Benchmark]
    public long Eddy()
    {
        using var stream = new PooledMemoryStream();
        stream.Write(_source, SourceOffset, Bytes);
        return stream.Length;
    }

#if EDDY_RIVALS_FROM_SOURCE
    [Benchmark]
    public long PooledStream()
    {
        using var stream = new global::PooledStream.PooledMemoryStream();
        stream.Write(_source, SourceOffset, Bytes);
        return stream.Length;
    }
#endif
}

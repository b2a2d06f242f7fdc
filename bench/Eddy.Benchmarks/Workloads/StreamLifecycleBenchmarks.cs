using System.Collections.Generic;
using System.IO;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;
using Microsoft.IO;

namespace Eddy.Benchmarks.Workloads;

/// <summary>
/// [pooledstream] PooledStream's benchmark, single-threaded: <see cref="MaxLoop"/> times create a stream, write
/// <see cref="DataSize"/> bytes, ToArray, dispose. PooledStream and K4os.Streams are not served here: their rows exist in builds with
/// EddyRivalsDirectory set.
/// </summary>
[Workload("pooledstream")]
public class StreamLifecycleBenchmarks
{
    public const int MaxLoop = 10_000;
    private static readonly RecyclableMemoryStreamManager s_manager = new();

    private byte[] _data = [];

    [ParamsSource(nameof(DataSizeValues))]
    public int DataSize { get; set; }

    public static IEnumerable<int> DataSizeValues => [100, 1_000, 50_000];

    [GlobalSetup]
    public void Setup() => _data = TestData.Bytes(DataSize);

    [Benchmark(Baseline = true), Implementation(ImplementationIds.MemoryStream)]
    public long MemoryStream()
    {
        long total = 0;
        for (int i = 0; i < MaxLoop; i++)
        {
            using var stream = new MemoryStream();
            stream.Write(_data, 0, _data.Length);
            total += Checksum(stream.ToArray());
        }

        return total;
    }

    [Benchmark, Implementation(ImplementationIds.Eddy)]
    public long Eddy()
    {
        long total = 0;
        for (int i = 0; i < MaxLoop; i++)
        {
            using var stream = new PooledMemoryStream();
            stream.Write(_data, 0, _data.Length);
            total += Checksum(stream.ToArray());
        }

        return total;
    }

    [Benchmark, Implementation(ImplementationIds.RecyclableMemoryStream)]
    public long RecyclableMemoryStream()
    {
        long total = 0;
        for (int i = 0; i < MaxLoop; i++)
        {
            using var stream = s_manager.GetStream();
            stream.Write(_data, 0, _data.Length);
            total += Checksum(stream.ToArray());
        }

        return total;
    }

#if EDDY_RIVALS_FROM_SOURCE
    [Benchmark, Implementation(ImplementationIds.K4osResizing)]
    public long K4osResizing()
    {
        long total = 0;
        for (int i = 0; i < MaxLoop; i++)
        {
            using var stream = new K4os.Streams.ResizingByteBufferStream();
            stream.Write(_data, 0, _data.Length);
            total += Checksum(stream.ToArray());
        }

        return total;
    }

    [Benchmark, Implementation(ImplementationIds.K4osChunked)]
    public long K4osChunked()
    {
        long total = 0;
        for (int i = 0; i < MaxLoop; i++)
        {
            using var stream = new K4os.Streams.ChunkedByteBufferStream();
            stream.Write(_data, 0, _data.Length);
            total += Checksum(stream.ToArray());
        }

        return total;
    }

    [Benchmark, Implementation(ImplementationIds.PooledStream)]
    public long PooledStream()
    {
        long total = 0;
        for (int i = 0; i < MaxLoop; i++)
        {
            using var stream = new global::PooledStream.PooledMemoryStream();
            stream.Write(_data, 0, _data.Length);
            total += Checksum(stream.ToArray());
        }

        return total;
    }
#endif

    /// <returns>The copy's length plus its last byte, so a wrong copy changes the result.</returns>
    internal static int Checksum(byte[] copy) => copy.Length + copy[^1];
}

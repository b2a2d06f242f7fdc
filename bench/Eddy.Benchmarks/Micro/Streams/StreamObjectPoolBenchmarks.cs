using System.IO;
using BenchmarkDotNet.Attributes;
using Microsoft.IO;

namespace Eddy.Benchmarks.Micro.Streams;

/// <summary>
/// What renting the stream object costs against allocating it: the [k4os] loop (write <see cref="Bytes"/> in 1 KiB
/// pieces, rewind, read back in 8 KiB pieces, dispose) on a stream from <see cref="PooledMemoryStreamPool.Shared"/>,
/// on <c>new PooledMemoryStream()</c>, on <see cref="MemoryStream"/> and on RecyclableMemoryStream, whose manager
/// pools blocks but allocates a stream object per use.
/// </summary>
[MemoryDiagnoser]
public class StreamObjectPoolBenchmarks : K4osLoopBenchmarks
{
    private static readonly RecyclableMemoryStreamManager s_manager = new();

    [Params(128, 65536)]
    public int Bytes { get; set; }

    [Benchmark(Baseline = true)]
    public long NewStream()
    {
        using var stream = new PooledMemoryStream();
        return WriteThenRead(stream, Bytes);
    }

    [Benchmark]
    public long RentedStream()
    {
        using PooledMemoryStream stream = PooledMemoryStreamPool.Shared.Rent();
        return WriteThenRead(stream, Bytes);
    }

    [Benchmark]
    public long MemoryStream()
    {
        using var stream = new MemoryStream();
        return WriteThenRead(stream, Bytes);
    }

    [Benchmark]
    public long RecyclableMemoryStream()
    {
        using RecyclableMemoryStream stream = s_manager.GetStream();
        return WriteThenRead(stream, Bytes);
    }
}

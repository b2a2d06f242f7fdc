using System.IO;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;
using Eddy.Benchmarks.Workloads;
using Microsoft.IO;

namespace Eddy.Benchmarks.Micro.Streams;

/// <summary>
/// What renting the stream object costs against allocating it: the [k4os] loop (write <see cref="Bytes"/> in 1 KiB
/// pieces, rewind, read back in 8 KiB pieces, dispose) on a stream from <see cref="PooledMemoryStreamPool.Shared"/>,
/// on <c>new PooledMemoryStream()</c>, on <see cref="MemoryStream"/> and on RecyclableMemoryStream, whose manager
/// pools blocks but allocates a stream object per use.
/// </summary>
[MemoryDiagnoser]
public class StreamObjectPoolBenchmarks
{
    private const int ReadPiece = 8 * 1024;

    private static readonly RecyclableMemoryStreamManager s_manager = new();

    private readonly byte[] _piece = TestData.Bytes(1024);
    private readonly byte[] _readBuffer = new byte[ReadPiece];

    [Params(128, 65536)]
    public int Bytes { get; set; }

    [Benchmark(Baseline = true)]
    public long NewStream()
    {
        using var stream = new PooledMemoryStream();
        return WriteThenRead(stream);
    }

    [Benchmark]
    public long RentedStream()
    {
        using PooledMemoryStream stream = PooledMemoryStreamPool.Shared.Rent();
        return WriteThenRead(stream);
    }

    [Benchmark]
    public long MemoryStream()
    {
        using var stream = new MemoryStream();
        return WriteThenRead(stream);
    }

    [Benchmark]
    public long RecyclableMemoryStream()
    {
        using RecyclableMemoryStream stream = s_manager.GetStream();
        return WriteThenRead(stream);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private long WriteThenRead<TStream>(TStream stream)
        where TStream : Stream =>
        StreamWriteReadBenchmarks.WriteThenRead(stream, _piece, _readBuffer, Bytes);
}

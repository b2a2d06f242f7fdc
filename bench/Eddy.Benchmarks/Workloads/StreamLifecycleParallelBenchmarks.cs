using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;
using Microsoft.IO;

namespace Eddy.Benchmarks.Workloads;

/// <summary>
/// [pooledstream-parallel] PooledStream's multithreaded benchmark: the <see cref="StreamLifecycleBenchmarks"/> loop split
/// over <see cref="ParallelNum"/> concurrent tasks (MaxLoop / ParallelNum iterations each), so the total work
/// equals the single-threaded row and the difference is contention in the pool.
/// </summary>
[Workload("pooledstream-parallel")]
public class StreamLifecycleParallelBenchmarks
{
    private static readonly RecyclableMemoryStreamManager s_manager = new();

    private byte[] _data = [];

    [ParamsSource(nameof(ParallelNumValues))]
    public int ParallelNum { get; set; }

    [ParamsSource(nameof(DataSizeValues))]
    public int DataSize { get; set; }

    public static IEnumerable<int> ParallelNumValues => BenchmarkMode.Select(full: [5, 10], quick: [10]);

    public static IEnumerable<int> DataSizeValues => [100, 1_000, 50_000];

    [GlobalSetup]
    public void Setup() => _data = TestData.Bytes(DataSize);

    [Benchmark(Baseline = true), Implementation(ImplementationIds.MemoryStream)]
    public long MemoryStream() => RunParallel(static data =>
    {
        using var stream = new MemoryStream();
        stream.Write(data, 0, data.Length);
        return StreamLifecycleBenchmarks.Checksum(stream.ToArray());
    });

    [Benchmark, Implementation(ImplementationIds.Eddy)]
    public long Eddy() => RunParallel(static data =>
    {
        using var stream = new PooledMemoryStream();
        stream.Write(data, 0, data.Length);
        return StreamLifecycleBenchmarks.Checksum(stream.ToArray());
    });

    [Benchmark, Implementation(ImplementationIds.RecyclableMemoryStream)]
    public long RecyclableMemoryStream() => RunParallel(static data =>
    {
        using var stream = s_manager.GetStream();
        stream.Write(data, 0, data.Length);
        return StreamLifecycleBenchmarks.Checksum(stream.ToArray());
    });

#if EDDY_RIVALS_FROM_SOURCE
    [Benchmark, Implementation(ImplementationIds.K4osResizing)]
    public long K4osResizing() => RunParallel(static data =>
    {
        using var stream = new K4os.Streams.ResizingByteBufferStream();
        stream.Write(data, 0, data.Length);
        return StreamLifecycleBenchmarks.Checksum(stream.ToArray());
    });

    [Benchmark, Implementation(ImplementationIds.K4osChunked)]
    public long K4osChunked() => RunParallel(static data =>
    {
        using var stream = new K4os.Streams.ChunkedByteBufferStream();
        stream.Write(data, 0, data.Length);
        return StreamLifecycleBenchmarks.Checksum(stream.ToArray());
    });

    [Benchmark, Implementation(ImplementationIds.PooledStream)]
    public long PooledStream() => RunParallel(static data =>
    {
        using var stream = new global::PooledStream.PooledMemoryStream();
        stream.Write(data, 0, data.Length);
        return StreamLifecycleBenchmarks.Checksum(stream.ToArray());
    });
#endif

    private long RunParallel(Func<byte[], int> oneStream)
    {
        int perTask = StreamLifecycleBenchmarks.MaxLoop / ParallelNum;
        byte[] data = _data;
        long total = 0;
        var tasks = new Task[ParallelNum];
        for (int t = 0; t < tasks.Length; t++)
        {
            tasks[t] = Task.Run(() =>
            {
                long local = 0;
                for (int i = 0; i < perTask; i++)
                {
                    local += oneStream(data);
                }

                Interlocked.Add(ref total, local);
            });
        }

        Task.WaitAll(tasks);
        return total;
    }
}

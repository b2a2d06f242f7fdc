using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Workloads;

/// <summary>
/// [fixed-pool] Katsuya's ArrayPool benchmark: rent <see cref="Count"/> arrays of 32 ints, then return them all. Count = 1 is the
/// single Rent+Return pair.
/// </summary>
[Workload("fixed-pool")]
public class FixedPoolBenchmarks
{
    public const int ArrayLength = 32;

    private int[][] _held = [];
    private FixedArrayPool<int, L32> _single = new();

    [ParamsSource(nameof(CountValues))]
    public int Count { get; set; }

    public static IEnumerable<int> CountValues => [1, 8_000, 160_000];

    [GlobalSetup]
    public void Setup()
    {
        _held = new int[Count][];

        // Eddy's pools bound what they retain; size them to hold the workload, as Katsuya's ArrayPool benchmark sizes its cache.
        int retained = System.Math.Max(Count, FixedArrayPool<int, L32>.DefaultMaximumRetained);
        _single = new FixedArrayPool<int, L32>(retained);
        ConcurrentFixedArrayPool<int, L32>.Shared.MaximumRetained = retained;
        ThreadStaticFixedArrayPool<int, L32>.Shared.MaximumRetained = retained;
    }

    [Benchmark(Baseline = true), Implementation(ImplementationIds.ArrayPoolShared)]
    public long ArrayPoolShared()
    {
        int[][] held = _held;
        long total = 0;
        for (int i = 0; i < held.Length; i++)
        {
            held[i] = ArrayPool<int>.Shared.Rent(ArrayLength);
        }

        for (int i = 0; i < held.Length; i++)
        {
            total += held[i].Length;
            ArrayPool<int>.Shared.Return(held[i]);
        }

        return total;
    }

    /// <summary>Eddy's single-threaded fixed-length pool: the length is a JIT-time constant.</summary>
    [Benchmark, Implementation(ImplementationIds.Eddy)]
    public long EddyFixedArrayPool()
    {
        FixedArrayPool<int, L32> pool = _single;
        int[][] held = _held;
        long total = 0;
        for (int i = 0; i < held.Length; i++)
        {
            held[i] = pool.Rent();
        }

        for (int i = 0; i < held.Length; i++)
        {
            total += held[i].Length;
            pool.Return(held[i]);
        }

        return total;
    }

    /// <summary>Eddy's thread-safe fixed-length pool, its process-wide instance as Katsuya's static ConcurrentArrayPool.</summary>
    [Benchmark, Implementation(ImplementationIds.EddyConcurrent)]
    public long EddyConcurrentFixedArrayPool()
    {
        ConcurrentFixedArrayPool<int, L32> pool = ConcurrentFixedArrayPool<int, L32>.Shared;
        int[][] held = _held;
        long total = 0;
        for (int i = 0; i < held.Length; i++)
        {
            held[i] = pool.Rent();
        }

        for (int i = 0; i < held.Length; i++)
        {
            total += held[i].Length;
            pool.Return(held[i]);
        }

        return total;
    }

    /// <summary>Eddy's per-thread fixed-length pool.</summary>
    [Benchmark, Implementation(ImplementationIds.EddyThreadStatic)]
    public long EddyThreadStaticFixedArrayPool()
    {
        ThreadStaticFixedArrayPool<int, L32> pool = ThreadStaticFixedArrayPool<int, L32>.Shared;
        int[][] held = _held;
        long total = 0;
        for (int i = 0; i < held.Length; i++)
        {
            held[i] = pool.Rent();
        }

        for (int i = 0; i < held.Length; i++)
        {
            total += held[i].Length;
            pool.Return(held[i]);
        }

        return total;
    }

    /// <summary>No pool: what renting costs when every array is new and returning is dropping it.</summary>
    [Benchmark, Implementation(ImplementationIds.NewArray)]
    public long NewArray()
    {
        int[][] held = _held;
        long total = 0;
        for (int i = 0; i < held.Length; i++)
        {
            held[i] = new int[ArrayLength];
        }

        for (int i = 0; i < held.Length; i++)
        {
            total += held[i].Length;
        }

        return total;
    }
}

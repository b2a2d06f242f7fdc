using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;

namespace Eddy.Benchmarks.Workloads;

/// <summary>
/// [fixed-pool] Seed 001: rent <see cref="Count"/> arrays of 32 ints, then return them all. Count = 1 is the
/// single Rent+Return pair.
/// </summary>
[Workload("fixed-pool")]
public class FixedPoolBenchmarks
{
    public const int ArrayLength = 32;

    private int[][] _held = [];

    [ParamsSource(nameof(CountValues))]
    public int Count { get; set; }

    public static IEnumerable<int> CountValues => [1, 8_000, 160_000];

    [GlobalSetup]
    public void Setup() => _held = new int[Count][];

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

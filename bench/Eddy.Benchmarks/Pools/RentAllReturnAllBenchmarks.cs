using System.Buffers;
using BenchmarkDotNet.Attributes;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Pools;

/// <summary>
/// [pools] Seed 001's workload: rent N arrays of 32 ints, then return them all. Eddy's pools are sized to
/// keep N arrays (their bound is a constructor argument); ArrayPool&lt;int&gt;.Shared keeps what its buckets hold.
/// </summary>
[MemoryDiagnoser]
public class RentAllReturnAllBenchmarks
{
    private int[][] _held = [];
    private FixedArrayPool<int, L32> _single = new();
    private ConcurrentFixedArrayPool<int, L32> _concurrent = new();

    [Params(8_000, 160_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _held = new int[N][];
        _single = new FixedArrayPool<int, L32>(N);
        _concurrent = new ConcurrentFixedArrayPool<int, L32>(N);
        ThreadStaticFixedArrayPool<int, L32>.Shared.MaximumRetainedPerThread = N;
    }

    [Benchmark(Baseline = true)]
    public int ArrayPoolShared()
    {
        ArrayPool<int> pool = ArrayPool<int>.Shared;
        for (int i = 0; i < _held.Length; i++)
        {
            _held[i] = pool.Rent(32);
        }

        for (int i = 0; i < _held.Length; i++)
        {
            pool.Return(_held[i]);
        }

        return _held.Length;
    }

    [Benchmark]
    public int SingleThreaded()
    {
        FixedArrayPool<int, L32> pool = _single;
        for (int i = 0; i < _held.Length; i++)
        {
            _held[i] = pool.Rent();
        }

        for (int i = 0; i < _held.Length; i++)
        {
            pool.Return(_held[i]);
        }

        return _held.Length;
    }

    [Benchmark]
    public int ThreadStatic()
    {
        ThreadStaticFixedArrayPool<int, L32> pool = ThreadStaticFixedArrayPool<int, L32>.Shared;
        for (int i = 0; i < _held.Length; i++)
        {
            _held[i] = pool.Rent();
        }

        for (int i = 0; i < _held.Length; i++)
        {
            pool.Return(_held[i]);
        }

        return _held.Length;
    }

    [Benchmark]
    public int Concurrent()
    {
        ConcurrentFixedArrayPool<int, L32> pool = _concurrent;
        for (int i = 0; i < _held.Length; i++)
        {
            _held[i] = pool.Rent();
        }

        for (int i = 0; i < _held.Length; i++)
        {
            pool.Return(_held[i]);
        }

        return _held.Length;
    }
}

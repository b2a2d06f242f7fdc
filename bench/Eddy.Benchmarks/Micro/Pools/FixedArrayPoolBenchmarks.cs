using System.Buffers;
using BenchmarkDotNet.Attributes;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Micro.Pools;

/// <summary>
/// [pools] One Rent+Return pair of a 32-int array, 64 pairs per invocation so that the harness's own cost per call
/// (which the fixed-pool workload's Count = 1 row measures along with the pool) is spread thin. Double-return
/// detection is on in every Eddy pool, as by default. Each pool has its own loop, written out: a shared generic
/// helper over the pools' common interface would measure an interface call instead of the inlined pair.
/// </summary>
[MemoryDiagnoser]
public class FixedArrayPoolBenchmarks
{
    private const int Pairs = 64;
    private const int ArrayLength = 32;

    private readonly FixedArrayPool<int, L32> _single = new();
    private readonly ConcurrentFixedArrayPool<int, L32> _concurrent = new();

    [GlobalSetup]
    public void Setup()
    {
        // Warm every pool so the measured pairs run the steady state.
        ArrayPool<int>.Shared.Return(ArrayPool<int>.Shared.Rent(ArrayLength));
        _single.Return(_single.Rent());
        _concurrent.Return(_concurrent.Rent());
        ThreadStaticFixedArrayPool<int, L32>.Shared.Return(ThreadStaticFixedArrayPool<int, L32>.Shared.Rent());
        ConcurrentFixedArrayPool<int, L32>.Shared.Return(ConcurrentFixedArrayPool<int, L32>.Shared.Rent());
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Pairs)]
    public int ArrayPoolShared()
    {
        int sum = 0;
        ArrayPool<int> pool = ArrayPool<int>.Shared;
        for (int i = 0; i < Pairs; i++)
        {
            int[] array = pool.Rent(ArrayLength);
            sum += array.Length;
            pool.Return(array);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Pairs)]
    public int FixedArrayPool()
    {
        int sum = 0;
        FixedArrayPool<int, L32> pool = _single;
        for (int i = 0; i < Pairs; i++)
        {
            int[] array = pool.Rent();
            sum += array.Length;
            pool.Return(array);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Pairs)]
    public int ThreadStaticFixedArrayPool()
    {
        int sum = 0;
        ThreadStaticFixedArrayPool<int, L32> pool = ThreadStaticFixedArrayPool<int, L32>.Shared;
        for (int i = 0; i < Pairs; i++)
        {
            int[] array = pool.Rent();
            sum += array.Length;
            pool.Return(array);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Pairs)]
    public int ConcurrentFixedArrayPool()
    {
        int sum = 0;
        ConcurrentFixedArrayPool<int, L32> pool = _concurrent;
        for (int i = 0; i < Pairs; i++)
        {
            int[] array = pool.Rent();
            sum += array.Length;
            pool.Return(array);
        }

        return sum;
    }

    /// <summary>The shared concurrent pool, whose thread slot serves a pair on one thread without its lock.</summary>
    [Benchmark(OperationsPerInvoke = Pairs)]
    public int ConcurrentFixedArrayPoolShared()
    {
        int sum = 0;
        ConcurrentFixedArrayPool<int, L32> pool = ConcurrentFixedArrayPool<int, L32>.Shared;
        for (int i = 0; i < Pairs; i++)
        {
            int[] array = pool.Rent();
            sum += array.Length;
            pool.Return(array);
        }

        return sum;
    }
}

using System.Buffers;
using BenchmarkDotNet.Attributes;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Pools;

/// <summary>[pools] One Rent+Return pair of an int[32], per fixed-length pool variant.</summary>
[MemoryDiagnoser]
public class FixedArrayPoolBenchmarks
{
    private const int Pairs = 64;

    private readonly FixedArrayPool<int, L32> _single = new();
    private readonly ConcurrentFixedArrayPool<int, L32> _concurrent = new();

    [Params(32)]
    public int Length { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        ArrayPool<int>.Shared.Return(ArrayPool<int>.Shared.Rent(Length));
        _single.Prewarm(1);
        _concurrent.Prewarm(1);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Pairs)]
    public int ArrayPoolShared()
    {
        int sum = 0;
        ArrayPool<int> pool = ArrayPool<int>.Shared;
        for (int i = 0; i < Pairs; i++)
        {
            int[] array = pool.Rent(Length);
            sum += array.Length;
            pool.Return(array);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Pairs)]
    public int SingleThreaded()
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
    public int ThreadStatic()
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
    public int Concurrent()
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
}

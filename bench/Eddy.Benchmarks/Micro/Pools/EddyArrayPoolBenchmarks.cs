using System.Buffers;
using BenchmarkDotNet.Attributes;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Micro.Pools;

/// <summary>
/// [pools] One Rent+Return pair of an <see cref="ArrayPool{T}"/> of ints, 64 pairs per invocation; and the same pair of object arrays,
/// cleared on return as <see cref="EddyArrayPool{T}"/> does by default for element types with references. Each
/// pool has its own loop, written out: a shared helper would measure a virtual call instead of the inlined pair.
/// </summary>
[MemoryDiagnoser]
public class EddyArrayPoolBenchmarks
{
    private const int Pairs = 64;

    private readonly EddyArrayPool<int> _instance = new();
    private readonly ArrayPool<int> _created = ArrayPool<int>.Create();

    [Params(32, 4096)]
    public int Length { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        // Warm every pool so the measured pairs run the steady state.
        ArrayPool<int>.Shared.Return(ArrayPool<int>.Shared.Rent(Length));
        EddyArrayPool<int>.Shared.Return(EddyArrayPool<int>.Shared.Rent(Length));
        _instance.Return(_instance.Rent(Length));
        _created.Return(_created.Rent(Length));
        ArrayPool<object>.Shared.Return(ArrayPool<object>.Shared.Rent(Length), clearArray: true);
        EddyArrayPool<object>.Shared.Return(EddyArrayPool<object>.Shared.Rent(Length));
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
    public int EddyArrayPoolShared()
    {
        int sum = 0;
        EddyArrayPool<int> pool = EddyArrayPool<int>.Shared;
        for (int i = 0; i < Pairs; i++)
        {
            int[] array = pool.Rent(Length);
            sum += array.Length;
            pool.Return(array);
        }

        return sum;
    }

    /// <summary>The same pair through the <see cref="ArrayPool{T}"/> surface.</summary>
    [Benchmark(OperationsPerInvoke = Pairs)]
    public int EddyArrayPoolSharedAsArrayPool()
    {
        int sum = 0;
        ArrayPool<int> pool = EddyArrayPool<int>.Shared;
        for (int i = 0; i < Pairs; i++)
        {
            int[] array = pool.Rent(Length);
            sum += array.Length;
            pool.Return(array);
        }

        return sum;
    }

    /// <summary>An instance of the BCL's configurable pool, the rival of an instance pool: a lock per call.</summary>
    [Benchmark(OperationsPerInvoke = Pairs)]
    public int ArrayPoolCreate()
    {
        int sum = 0;
        ArrayPool<int> pool = _created;
        for (int i = 0; i < Pairs; i++)
        {
            int[] array = pool.Rent(Length);
            sum += array.Length;
            pool.Return(array);
        }

        return sum;
    }

    /// <summary>An instance pool, which has no thread slots: a lock per call.</summary>
    [Benchmark(OperationsPerInvoke = Pairs)]
    public int EddyArrayPoolInstance()
    {
        int sum = 0;
        EddyArrayPool<int> pool = _instance;
        for (int i = 0; i < Pairs; i++)
        {
            int[] array = pool.Rent(Length);
            sum += array.Length;
            pool.Return(array);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Pairs)]
    public int ArrayPoolSharedObjectsCleared()
    {
        int sum = 0;
        ArrayPool<object> pool = ArrayPool<object>.Shared;
        for (int i = 0; i < Pairs; i++)
        {
            object[] array = pool.Rent(Length);
            array[0] = pool;
            sum += array.Length;
            pool.Return(array, clearArray: true);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Pairs)]
    public int EddyArrayPoolSharedObjects()
    {
        int sum = 0;
        ArrayPool<object> pool = EddyArrayPool<object>.Shared;
        for (int i = 0; i < Pairs; i++)
        {
            object[] array = pool.Rent(Length);
            array[0] = pool;
            sum += array.Length;
            pool.Return(array);
        }

        return sum;
    }
}

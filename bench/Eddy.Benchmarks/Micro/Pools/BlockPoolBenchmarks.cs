using System.Buffers;
using BenchmarkDotNet.Attributes;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Micro.Pools;

/// <summary>[pools] One Rent+Return pair of a byte block, double-return detection on (the default).</summary>
[MemoryDiagnoser]
public class BlockPoolBenchmarks
{
    private const int Pairs = 64;

    private readonly BlockPool _checked = new(new BlockPoolOptions { DetectDoubleReturn = true });
    private readonly BlockPool _unchecked = new(new BlockPoolOptions { DetectDoubleReturn = false });

    [Params(4 * 1024, 64 * 1024)]
    public int Length { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        // Warm both pools so the measured pairs run the steady state.
        ArrayPool<byte>.Shared.Return(ArrayPool<byte>.Shared.Rent(Length));
        BlockPool.Shared.Return(BlockPool.Shared.Rent(Length));
        _checked.Return(_checked.Rent(Length));
        _unchecked.Return(_unchecked.Rent(Length));
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Pairs)]
    public int ArrayPoolShared()
    {
        int sum = 0;
        ArrayPool<byte> pool = ArrayPool<byte>.Shared;
        for (int i = 0; i < Pairs; i++)
        {
            byte[] block = pool.Rent(Length);
            sum += block.Length;
            pool.Return(block);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Pairs)]
    public int BlockPoolShared()
    {
        int sum = 0;
        BlockPool pool = BlockPool.Shared;
        for (int i = 0; i < Pairs; i++)
        {
            byte[] block = pool.Rent(Length);
            sum += block.Length;
            pool.Return(block);
        }

        return sum;
    }

    /// <summary>The same pair through the <see cref="ArrayPool{T}"/> surface, as buffers and streams call it.</summary>
    [Benchmark(OperationsPerInvoke = Pairs)]
    public int BlockPoolAsArrayPool()
    {
        int sum = 0;
        ArrayPool<byte> pool = BlockPool.Shared;
        for (int i = 0; i < Pairs; i++)
        {
            byte[] block = pool.Rent(Length);
            sum += block.Length;
            pool.Return(block);
        }

        return sum;
    }

    /// <summary>A pool instance with double-return detection on; compare with the next to price the check.</summary>
    [Benchmark(OperationsPerInvoke = Pairs)]
    public int InstanceDetectionOn() => RentReturnPairs(_checked);

    /// <summary>A pool instance with double-return detection off.</summary>
    [Benchmark(OperationsPerInvoke = Pairs)]
    public int InstanceDetectionOff() => RentReturnPairs(_unchecked);

    private int RentReturnPairs(BlockPool pool)
    {
        int sum = 0;
        for (int i = 0; i < Pairs; i++)
        {
            byte[] block = pool.Rent(Length);
            sum += block.Length;
            pool.Return(block);
        }

        return sum;
    }
}

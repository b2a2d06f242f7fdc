using BenchmarkDotNet.Attributes;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Micro.SelfReturning;

/// <summary>
/// The cap on the bytes a self-returning pool owns (<see cref="SelfReturningBufferPool.MaximumRetainedBytes"/>)
/// against plain allocation, in pooled-byte-array's loop with every buffer dropped and written whole: a larger cap
/// allocates less but hands out arrays that have gone cold since the last collection. Plain allocation, the
/// yardstick, is <see cref="FinalizerDesignBenchmarks.NewArray"/> with Written = 0, run alongside.
/// </summary>
[MemoryDiagnoser]
public class SelfReturningCapBenchmarks
{
    private SelfReturningBufferPool _pool = null!;

    [Params(4096, 65536)]
    public int Size { get; set; }

    /// <summary>The pool's cap in MiB (the default is 16).</summary>
    [Params(2, 8, 16, 64)]
    public int CapMiB { get; set; }

    [GlobalSetup]
    public void Setup() => _pool = new SelfReturningBufferPool(maximumRetainedBytes: CapMiB * (1L << 20));

    [Benchmark(OperationsPerInvoke = DroppedBufferLoop.Iterations)]
    public void Dropped() => DroppedBufferLoop.Run(_pool, Size, Size);
}

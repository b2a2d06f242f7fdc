using System;
using BenchmarkDotNet.Attributes;

namespace Eddy.Benchmarks.Micro.Pools;

/// <summary>
/// [pools] What a BlockPool miss costs, by allocation kind: the pinned-heap question. Blocks of 64 KiB sit on
/// the small-object heap, 1 MiB ones on the large-object heap.
/// </summary>
[MemoryDiagnoser]
public class BlockAllocationBenchmarks
{
    [Params(64 * 1024, 1024 * 1024)]
    public int Length { get; set; }

    [Benchmark(Baseline = true)]
    public byte[] NewZeroed() => new byte[Length];

    [Benchmark]
    public byte[] Uninitialized() => GC.AllocateUninitializedArray<byte>(Length);

    [Benchmark]
    public byte[] UninitializedPinned() => GC.AllocateUninitializedArray<byte>(Length, pinned: true);
}

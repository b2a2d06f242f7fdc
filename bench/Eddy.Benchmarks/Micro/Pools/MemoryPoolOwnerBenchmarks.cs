using System.Buffers;
using BenchmarkDotNet.Attributes;
using Eddy.Pipelines;

namespace Eddy.Benchmarks.Micro.Pools;

/// <summary>
/// [pools] One <see cref="MemoryPool{T}.Rent"/> and one owner <c>Dispose</c>, the cost a <c>Pipe</c> pays per segment
/// on any pool but <see cref="MemoryPool{T}.Shared"/> (which it bypasses). The owner is stored in a field before it is
/// disposed, as a pipe's segment stores it, so the JIT cannot keep it on the stack.
/// </summary>
[MemoryDiagnoser]
public class MemoryPoolOwnerBenchmarks
{
    private IMemoryOwner<byte>? _owner;

    [Params(4096, 65536)]
    public int Size { get; set; }

    [Benchmark(Baseline = true)]
    public int Shared() => RentAndDispose(MemoryPool<byte>.Shared);

    [Benchmark]
    public int BlockMemoryPool() => RentAndDispose(Eddy.Pipelines.BlockMemoryPool.Shared);

    private int RentAndDispose(MemoryPool<byte> pool)
    {
        _owner = pool.Rent(Size);
        int length = _owner.Memory.Length;
        _owner.Dispose();
        return length;
    }
}

using System;
using System.Buffers;
using BenchmarkDotNet.Attributes;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Micro.Streams;

/// <summary>
/// What the pool costs a small stream: the [k4os] loop (write <see cref="Bytes"/>, rewind, read back in 8 KiB
/// pieces, dispose) on Eddy's default pool, on a stand-in that hands out one array and finds nothing per thread,
/// and through the <see cref="ArrayPool{T}"/> surface (<see cref="PooledMemoryStreamOptions.Pool"/>) on
/// <see cref="BlockPool.Shared"/> and on <see cref="ArrayPool{T}.Shared"/>, which PooledStream uses.
/// PooledStream is not served here: its row exists in builds with EddyRivalsDirectory set.
/// </summary>
[MemoryDiagnoser]
public class StreamPoolCostBenchmarks : K4osLoopBenchmarks
{
    private static readonly PooledMemoryStreamOptions s_blockPoolThroughArrayPool = new() { Pool = BlockPool.Shared };
    private static readonly PooledMemoryStreamOptions s_sharedArrayPool = new() { Pool = ArrayPool<byte>.Shared };

    private PooledMemoryStreamOptions _oneArray = new();

    [Params(128, 1024)]
    public int Bytes { get; set; }

    [GlobalSetup]
    public void Setup() => _oneArray = new PooledMemoryStreamOptions { Pool = new OneArrayPool(4096) };

    /// <summary>The default stream: <see cref="BlockPool.Shared"/>, called through its sealed type.</summary>
    [Benchmark(Baseline = true)]
    public long Eddy()
    {
        using var stream = new PooledMemoryStream();
        return WriteThenRead(stream, Bytes);
    }

    /// <summary>The same stream on a stand-in pool with no per-thread lookup: what the lookup costs.</summary>
    [Benchmark]
    public long EddyOnOneArray()
    {
        using var stream = new PooledMemoryStream(_oneArray);
        return WriteThenRead(stream, Bytes);
    }

    /// <summary><see cref="BlockPool.Shared"/> through the virtual <see cref="ArrayPool{T}"/> calls.</summary>
    [Benchmark]
    public long EddyOnBlockPoolAsArrayPool()
    {
        using var stream = new PooledMemoryStream(s_blockPoolThroughArrayPool);
        return WriteThenRead(stream, Bytes);
    }

    /// <summary><see cref="ArrayPool{T}.Shared"/> through the same virtual calls.</summary>
    [Benchmark]
    public long EddyOnSharedArrayPool()
    {
        using var stream = new PooledMemoryStream(s_sharedArrayPool);
        return WriteThenRead(stream, Bytes);
    }

#if EDDY_RIVALS_FROM_SOURCE
    [Benchmark]
    public long PooledStream()
    {
        using var stream = new global::PooledStream.PooledMemoryStream();
        return WriteThenRead(stream, Bytes);
    }
#endif

    /// <summary>
    /// A measuring device, not a pool: it hands the same array to every renter, which is sound only while one
    /// stream at a time holds it, as in this class's single-threaded loop.
    /// </summary>
    private sealed class OneArrayPool(int length) : ArrayPool<byte>
    {
        private readonly byte[] _array = new byte[length];

        public override byte[] Rent(int minimumLength) =>
            minimumLength <= _array.Length ? _array : throw new ArgumentOutOfRangeException(nameof(minimumLength));

        public override void Return(byte[] array, bool clearArray = false)
        {
        }
    }
}

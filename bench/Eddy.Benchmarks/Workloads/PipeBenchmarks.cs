using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;
using Eddy.Pipelines;

namespace Eddy.Benchmarks.Workloads;

/// <summary>
/// [pipe] 4 MiB through a <see cref="Pipe"/> whose segments are <see cref="SegmentSize"/> bytes: the writer fills
/// 16 KiB at a time and flushes, the reader consumes everything it is given. Inline schedulers on one thread, so the
/// numbers are the pipe's and the pool's costs (rent, return, copy), not thread hand-offs.
/// </summary>
[Workload("pipe")]
public class PipeBenchmarks
{
    private const int Total = 4 << 20;
    private const int Write = 16 * 1024;

    private static readonly ArrayPoolOwnerPool s_ownersOverArrayPool = new();

    private readonly byte[] _data = TestData.Bytes(Write);

    [ParamsSource(nameof(SegmentSizes))]
    public int SegmentSize { get; set; }

    public static IEnumerable<int> SegmentSizes => [4096, 16384, 65536];

    [Benchmark(Baseline = true), Implementation(ImplementationIds.MemoryPoolShared)]
    public Task<long> SharedPool() => PumpAsync(MemoryPool<byte>.Shared);

    [Benchmark, Implementation(ImplementationIds.Eddy)]
    public Task<long> BlockMemoryPool() => PumpAsync(Eddy.Pipelines.BlockMemoryPool.Shared);

    /// <summary>The ruler for every pool but the shared one: the same arrays as the baseline, one owner per segment.</summary>
    [Benchmark, Implementation(ImplementationIds.MemoryPoolOverArrayPool)]
    public Task<long> OwnersOverArrayPool() => PumpAsync(s_ownersOverArrayPool);

    /// <returns>Bytes read plus the first byte of every segment read: equal for every pool.</returns>
    private async Task<long> PumpAsync(MemoryPool<byte> pool)
    {
        var pipe = new Pipe(new PipeOptions(pool, PipeScheduler.Inline, PipeScheduler.Inline, pauseWriterThreshold: 0, minimumSegmentSize: SegmentSize, useSynchronizationContext: false));
        long result = 0;
        for (int written = 0; written < Total; written += Write)
        {
            pipe.Writer.Write(_data);
            await pipe.Writer.FlushAsync();
            ReadResult read = await pipe.Reader.ReadAsync();
            foreach (ReadOnlyMemory<byte> segment in read.Buffer)
            {
                result += segment.Length + segment.Span[0];
            }

            pipe.Reader.AdvanceTo(read.Buffer.End);
        }

        await pipe.Writer.CompleteAsync();
        await pipe.Reader.CompleteAsync();
        return result;
    }

    /// <summary>
    /// The least a <see cref="MemoryPool{T}"/> can do: rent from <see cref="ArrayPool{T}.Shared"/>, wrap the array in
    /// an owner, return it on the first dispose. <c>Pipe</c> recognises <see cref="MemoryPool{T}.Shared"/> and rents
    /// from <see cref="ArrayPool{T}.Shared"/> itself, without owners; with this pool it cannot.
    /// </summary>
    private sealed class ArrayPoolOwnerPool : MemoryPool<byte>
    {
        public override int MaxBufferSize => int.MaxValue;

        public override IMemoryOwner<byte> Rent(int minBufferSize = -1) =>
            new Owner(ArrayPool<byte>.Shared.Rent(minBufferSize < 0 ? 4096 : minBufferSize));

        protected override void Dispose(bool disposing)
        {
        }

        private sealed class Owner(byte[] array) : IMemoryOwner<byte>
        {
            private byte[]? _array = array;

            public Memory<byte> Memory => _array ?? throw new ObjectDisposedException(nameof(Owner));

            public void Dispose()
            {
                byte[]? array = _array;
                _array = null;
                if (array is not null)
                {
                    ArrayPool<byte>.Shared.Return(array);
                }
            }
        }
    }
}

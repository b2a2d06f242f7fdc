using System;
using System.Buffers;
using BenchmarkDotNet.Attributes;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Micro.SelfReturning;

/// <summary>
/// The [self-returning] workload's loop (100,000 times get a buffer, fill it, then allocate 1 KiB of garbage) for
/// every way of getting the buffer that docs/design.md compares: plain allocation (the baseline), the shipped
/// self-returning pool with the buffer dropped or disposed, manual ArrayPool rent/return, and the finalizer designs
/// that were considered (plain finalizer; finalizer with handle resurrection), each with the buffer dropped.
/// </summary>
[MemoryDiagnoser]
public class FinalizerDesignBenchmarks
{
    private SelfReturningBufferPool _pool = null!;
    private ResurrectingBufferPool _resurrecting = null!;
    private ResurrectingBufferPool _finalizerOnly = null!;

    [Params(4096, 32768, 65536)]
    public int Size { get; set; }

    /// <summary>Bytes written per buffer: 0 fills the whole buffer, as the workload does; 256 stands for
    /// "serialize an object into it", which touches only the start of the buffer.</summary>
    [Params(0, 256)]
    public int Written { get; set; }

    private int FillLength => Written == 0 ? Size : Written;

    [GlobalSetup]
    public void Setup()
    {
        _pool = new SelfReturningBufferPool();
        _resurrecting = new ResurrectingBufferPool(Size, recycleHandles: true);
        _finalizerOnly = new ResurrectingBufferPool(Size, recycleHandles: false);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = DroppedBufferLoop.Iterations)]
    public void NewArray()
    {
        for (int i = 0; i < DroppedBufferLoop.Iterations; i++)
        {
            byte[] buffer = new byte[Size];
            buffer.AsSpan(0, FillLength).Fill((byte)i);
            GC.KeepAlive(buffer);
            DroppedBufferLoop.Garbage();
        }
    }

    [Benchmark(OperationsPerInvoke = DroppedBufferLoop.Iterations)]
    public void SelfReturningDropped() => DroppedBufferLoop.Run(_pool, Size, FillLength);

    [Benchmark(OperationsPerInvoke = DroppedBufferLoop.Iterations)]
    public void SelfReturningDisposed()
    {
        for (int i = 0; i < DroppedBufferLoop.Iterations; i++)
        {
            using SelfReturningBuffer buffer = _pool.Rent(Size);
            buffer.Span.Slice(0, FillLength).Fill((byte)i);
            DroppedBufferLoop.Garbage();
        }
    }

    [Benchmark(OperationsPerInvoke = DroppedBufferLoop.Iterations)]
    public void ArrayPoolRentReturn()
    {
        for (int i = 0; i < DroppedBufferLoop.Iterations; i++)
        {
            byte[] buffer = ArrayPool<byte>.Shared.Rent(Size);
            buffer.AsSpan(0, FillLength).Fill((byte)i);
            ArrayPool<byte>.Shared.Return(buffer);
            DroppedBufferLoop.Garbage();
        }
    }

    [Benchmark(OperationsPerInvoke = DroppedBufferLoop.Iterations)]
    public void FinalizerDropped() => Run(_finalizerOnly);

    [Benchmark(OperationsPerInvoke = DroppedBufferLoop.Iterations)]
    public void ResurrectingDropped() => Run(_resurrecting);

    private void Run(ResurrectingBufferPool pool)
    {
        for (int i = 0; i < DroppedBufferLoop.Iterations; i++)
        {
            ResurrectingBuffer buffer = pool.Rent();
            buffer.Array.AsSpan(0, FillLength).Fill((byte)i);
            GC.KeepAlive(buffer);
            DroppedBufferLoop.Garbage();
        }
    }
}

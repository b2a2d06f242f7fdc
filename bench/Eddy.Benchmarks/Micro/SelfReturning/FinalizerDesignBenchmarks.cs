using System;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Micro.SelfReturning;

/// <summary>
/// The [self-returning] workload's loop (100,000 times get a buffer, fill it, then allocate 1 KiB of garbage) with
/// the buffer dropped, comparing the shipped self-returning pool with the finalizer designs that were considered
/// (plain finalizer; finalizer with handle resurrection). The workload measures the shipped pool against plain
/// allocation and ArrayPool.
/// </summary>
[MemoryDiagnoser]
public class FinalizerDesignBenchmarks
{
    private const int Iterations = 100_000;

    private SelfReturningBufferPool _pool = null!;
    private ResurrectingBufferPool _resurrecting = null!;
    private ResurrectingBufferPool _finalizerOnly = null!;
    private byte[]? _sink;

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

    [Benchmark(Baseline = true, OperationsPerInvoke = Iterations)]
    public void SelfReturningDropped()
    {
        for (int i = 0; i < Iterations; i++)
        {
            SelfReturningBuffer buffer = _pool.Rent(Size);
            buffer.Span.Slice(0, FillLength).Fill((byte)i);
            GC.KeepAlive(buffer);
            Garbage();
        }
    }

    [Benchmark(OperationsPerInvoke = Iterations)]
    public void FinalizerDropped()
    {
        for (int i = 0; i < Iterations; i++)
        {
            ResurrectingBuffer buffer = _finalizerOnly.Rent();
            buffer.Array.AsSpan(0, FillLength).Fill((byte)i);
            GC.KeepAlive(buffer);
            Garbage();
        }
    }

    [Benchmark(OperationsPerInvoke = Iterations)]
    public void ResurrectingDropped()
    {
        for (int i = 0; i < Iterations; i++)
        {
            ResurrectingBuffer buffer = _resurrecting.Rent();
            buffer.Array.AsSpan(0, FillLength).Fill((byte)i);
            GC.KeepAlive(buffer);
            Garbage();
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Garbage()
    {
        byte[] garbage = new byte[1024];
        garbage[0] = (byte)'a';
        _sink = garbage;
    }
}

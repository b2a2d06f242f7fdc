using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using Eddy.Pooling;

namespace Eddy.Benchmarks.SelfReturning;

/// <summary>
/// [selfreturning] Seed 003's workload: 100,000 times get a buffer, fill it, then allocate 1 KiB of garbage.
/// Compares plain allocation (baseline), the shipped self-returning pool (dropped and disposed), manual
/// ArrayPool rent/return, and the finalizer designs that were considered (plain finalizer; finalizer with
/// handle resurrection).
/// </summary>
[MemoryDiagnoser]
public class SeedWorkloadBenchmarks
{
    private const int Iterations = 100_000;

    private SelfReturningBufferPool _pool = null!;
    private ResurrectingBufferPool _resurrecting = null!;
    private ResurrectingBufferPool _finalizerOnly = null!;
    private byte[]? _sink;

    [Params(4096, 32768, 65536)]
    public int Size { get; set; }

    /// <summary>Bytes written per buffer: 0 fills the whole buffer (the brief's workload); 256 stands for seed
    /// 003's "serialize an object into it", which touches only the start of the buffer.</summary>
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
    public void NewArray()
    {
        for (int i = 0; i < Iterations; i++)
        {
            byte[] buffer = new byte[Size];
            buffer.AsSpan(0, FillLength).Fill((byte)i);
            _sink = buffer;
            Garbage();
        }
    }

    [Benchmark(OperationsPerInvoke = Iterations)]
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
    public void SelfReturningDisposed()
    {
        for (int i = 0; i < Iterations; i++)
        {
            using SelfReturningBuffer buffer = _pool.Rent(Size);
            buffer.Span.Slice(0, FillLength).Fill((byte)i);
            Garbage();
        }
    }

    [Benchmark(OperationsPerInvoke = Iterations)]
    public void ArrayPoolRentReturn()
    {
        ArrayPool<byte> pool = ArrayPool<byte>.Shared;
        for (int i = 0; i < Iterations; i++)
        {
            byte[] buffer = pool.Rent(Size);
            buffer.AsSpan(0, FillLength).Fill((byte)i);
            pool.Return(buffer);
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

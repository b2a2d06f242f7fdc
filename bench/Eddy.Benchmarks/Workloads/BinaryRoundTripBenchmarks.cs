using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;
using Eddy.Binary;
using Eddy.Buffers;

namespace Eddy.Benchmarks.Workloads;

/// <summary>[binary] chunkstream's benchmark: serialize <see cref="Count"/> Int64 values, then deserialize them all.</summary>
[Workload("binary")]
public class BinaryRoundTripBenchmarks
{
    private byte[] _floor = [];

    [ParamsSource(nameof(CountValues))]
    public int Count { get; set; }

    public static IEnumerable<int> CountValues => BenchmarkMode.Select(
        full: [1, 8, 64, 512, 1024, 8192, 65536, 10_485_760],
        quick: [1, 8192, 10_485_760]);

    [GlobalSetup]
    public void Setup() => _floor = new byte[Count * sizeof(long)];

    [GlobalCleanup]
    public void Cleanup() => _floor = [];

    [Benchmark(Baseline = true), Implementation(ImplementationIds.BinaryWriter)]
    public long BinaryWriter()
    {
        using var stream = new MemoryStream();
        using (var writer = new BinaryWriter(stream, Encoding.UTF8, leaveOpen: true))
        {
            for (int i = 0; i < Count; i++)
            {
                writer.Write(Value(i));
            }
        }

        stream.Position = 0;
        using var reader = new BinaryReader(stream, Encoding.UTF8, leaveOpen: true);
        long sum = 0;
        for (int i = 0; i < Count; i++)
        {
            sum += reader.ReadInt64();
        }

        return sum;
    }

    /// <summary>Eddy: the binary writer into a fresh segmented buffer (pooled chunks), read back as a sequence.</summary>
    [Benchmark, Implementation(ImplementationIds.Eddy)]
    public long Eddy()
    {
        using var buffer = new SegmentedBuffer<byte>();
        var writer = new BinaryBufferWriter(buffer);
        for (int i = 0; i < Count; i++)
        {
            writer.Write(Value(i));
        }

        writer.Flush();
        var reader = new BinarySequenceReader(buffer.GetReadOnlySequence());
        long sum = 0;
        for (int i = 0; i < Count; i++)
        {
            sum += reader.Read<long>();
        }

        return sum;
    }

    /// <summary>
    /// Eddy for short messages: the binary writer into a fresh contiguous <see cref="PooledBufferWriter{T}"/> (one
    /// pooled array), read back from its written span.
    /// </summary>
    [Benchmark, Implementation(ImplementationIds.EddyContiguous)]
    public long EddyContiguous()
    {
        using var buffer = new PooledBufferWriter<byte>();
        var writer = new BinaryBufferWriter(buffer);
        for (int i = 0; i < Count; i++)
        {
            writer.Write(Value(i));
        }

        writer.Flush();
        var reader = new BinarySequenceReader(buffer.WrittenSpan);
        long sum = 0;
        for (int i = 0; i < Count; i++)
        {
            sum += reader.Read<long>();
        }

        return sum;
    }

    /// <summary>A fresh exact-size array per round trip, little-endian writes with bounds checks.</summary>
    [Benchmark, Implementation(ImplementationIds.NewArray)]
    public long NewArray() => RoundTripChecked(new byte[Count * sizeof(long)]);

    /// <summary>A pooled array per round trip, little-endian writes with bounds checks.</summary>
    [Benchmark, Implementation(ImplementationIds.ArrayPoolShared)]
    public long ArrayPoolShared()
    {
        byte[] buffer = ArrayPool<byte>.Shared.Rent(Count * sizeof(long));
        long sum = RoundTripChecked(buffer);
        ArrayPool<byte>.Shared.Return(buffer);
        return sum;
    }

    /// <summary>The physical limit: unchecked writes into an array allocated once in setup, then read back.</summary>
    [Benchmark, Implementation(ImplementationIds.Floor)]
    public long Floor()
    {
        ref byte start = ref MemoryMarshal.GetArrayDataReference(_floor);
        for (int i = 0; i < Count; i++)
        {
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref start, (nint)i * sizeof(long)), Value(i));
        }

        long sum = 0;
        for (int i = 0; i < Count; i++)
        {
            sum += Unsafe.ReadUnaligned<long>(ref Unsafe.Add(ref start, (nint)i * sizeof(long)));
        }

        return sum;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long Value(int i) => i * 0x0101_0101_0101L;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private long RoundTripChecked(byte[] buffer)
    {
        Span<byte> span = buffer;
        for (int i = 0; i < Count; i++)
        {
            BinaryPrimitives.WriteInt64LittleEndian(span.Slice(i * sizeof(long)), Value(i));
        }

        long sum = 0;
        for (int i = 0; i < Count; i++)
        {
            sum += BinaryPrimitives.ReadInt64LittleEndian(span.Slice(i * sizeof(long)));
        }

        return sum;
    }
}

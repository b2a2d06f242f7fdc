using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;
using Microsoft.IO;

namespace Eddy.Benchmarks.Workloads;

/// <summary>
/// [k4os] K4os.Streams' benchmark: write <see cref="Bytes"/> in 1 KiB pieces, rewind, read back in 8 KiB pieces, dispose.
/// K4os.Streams and PooledStream are not served here: their rows exist in builds with EddyRivalsDirectory set.
/// </summary>
// Quick mode leaves out Eddy's contiguous and segmented modes, which the comparison with the rivals does not need.
[Workload(
    "k4os",
    QuickOmitted = new[] { ImplementationIds.EddyContiguous, ImplementationIds.EddySegmented })]
public class StreamWriteReadBenchmarks
{
    internal const int WritePiece = 1024;
    internal const int ReadPiece = 8 * 1024;
    private static readonly RecyclableMemoryStreamManager s_manager = new();

    private readonly byte[] _piece = TestData.Bytes(WritePiece);
    private readonly byte[] _readBuffer = new byte[ReadPiece];
    private byte[] _floor = [];

    [ParamsSource(nameof(BytesValues))]
    public int Bytes { get; set; }

    public static IEnumerable<int> BytesValues => BenchmarkMode.Select(
        full: [128, 1 << 10, 8 << 10, 64 << 10, 128 << 10, 1 << 20, 8 << 20, 128 << 20, 512 << 20],
        quick: [128, 64 << 10, 128 << 20]);

    [GlobalSetup]
    public void Setup() => _floor = new byte[Bytes];

    [GlobalCleanup]
    public void Cleanup() => _floor = [];

    [Benchmark(Baseline = true), Implementation(ImplementationIds.MemoryStream)]
    public long MemoryStream()
    {
        using var stream = new MemoryStream();
        return WriteThenRead(stream);
    }

    [Benchmark, Implementation(ImplementationIds.RecyclableMemoryStream)]
    public long RecyclableMemoryStream()
    {
        using var stream = s_manager.GetStream();
        return WriteThenRead(stream);
    }

    [Benchmark, Implementation(ImplementationIds.Eddy)]
    public long Eddy()
    {
        using var stream = new PooledMemoryStream();
        return WriteThenRead(stream);
    }

#if EDDY_RIVALS_FROM_SOURCE
    [Benchmark, Implementation(ImplementationIds.K4osResizing)]
    public long K4osResizing()
    {
        using var stream = new K4os.Streams.ResizingByteBufferStream();
        return WriteThenRead(stream);
    }

    [Benchmark, Implementation(ImplementationIds.K4osChunked)]
    public long K4osChunked()
    {
        using var stream = new K4os.Streams.ChunkedByteBufferStream();
        return WriteThenRead(stream);
    }

    [Benchmark, Implementation(ImplementationIds.PooledStream)]
    public long PooledStream()
    {
        using var stream = new global::PooledStream.PooledMemoryStream();
        return WriteThenRead(stream);
    }
#endif

    [Benchmark, Implementation(ImplementationIds.EddyContiguous)]
    public long EddyContiguous()
    {
        using var stream = new PooledMemoryStream(StreamModes.Contiguous);
        return WriteThenRead(stream);
    }

    [Benchmark, Implementation(ImplementationIds.EddySegmented)]
    public long EddySegmented()
    {
        using var stream = new PooledMemoryStream(StreamModes.Segmented);
        return WriteThenRead(stream);
    }

    /// <summary>The same copies into an array allocated once in setup.</summary>
    [Benchmark, Implementation(ImplementationIds.Floor)]
    public long Floor()
    {
        byte[] target = _floor;
        int position = 0;
        while (position < target.Length)
        {
            int n = Math.Min(WritePiece, target.Length - position);
            _piece.AsSpan(0, n).CopyTo(target.AsSpan(position));
            position += n;
        }

        long result = 0;
        position = 0;
        while (position < target.Length)
        {
            int n = Math.Min(ReadPiece, target.Length - position);
            target.AsSpan(position, n).CopyTo(_readBuffer);
            result += n + _readBuffer[0];
            position += n;
        }

        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private long WriteThenRead<TStream>(TStream stream)
        where TStream : Stream =>
        WriteThenRead(stream, _piece, _readBuffer, Bytes);

    /// <summary>
    /// The workload's loop: <paramref name="bytes"/> written from <paramref name="piece"/> in 1 KiB pieces, then read
    /// back into <paramref name="readBuffer"/> (8 KiB) from the start. Inlined into each benchmark so every stream is
    /// called through its exact type.
    /// </summary>
    /// <returns>Bytes read back plus the first byte of every read: equal for every correct stream.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static long WriteThenRead<TStream>(TStream stream, byte[] piece, byte[] readBuffer, int bytes)
        where TStream : Stream
    {
        int remaining = bytes;
        while (remaining > 0)
        {
            int n = Math.Min(WritePiece, remaining);
            stream.Write(piece, 0, n);
            remaining -= n;
        }

        stream.Position = 0;
        long result = 0;
        int read;
        while ((read = stream.Read(readBuffer, 0, ReadPiece)) > 0)
        {
            result += read + readBuffer[0];
        }

        return result;
    }
}

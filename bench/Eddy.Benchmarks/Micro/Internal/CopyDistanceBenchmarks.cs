using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Eddy.Internal;

namespace Eddy.Benchmarks.Micro.Internal;

/// <summary>
/// One copy of <see cref="Size"/> bytes between two places in one pinned array whose start addresses differ by
/// <see cref="Distance"/> modulo 4 KiB: <see cref="Span{T}.CopyTo(Span{T})"/>, the same copy in 2 KiB pieces
/// (which stay on .NET's managed path), and <see cref="BlockCopy"/>, which picks between the two. The sweep behind
/// docs/design.md, "Copies and memory layout".
/// </summary>
public class CopyDistanceBenchmarks
{
    private const int PageSize = 4096;
    private byte[] _arena = [];
    private int _source;
    private int _destination;

    [Params(4096, 8192, 16384, 65536)]
    public int Size { get; set; }

    [ParamsSource(nameof(DistanceValues))]
    public int Distance { get; set; }

    public static IEnumerable<int> DistanceValues => [0, 8, 24, 40, 64, 128, 256, 1048, 4072];

    [GlobalSetup]
    public unsafe void Setup()
    {
        _arena = GC.AllocateUninitializedArray<byte>(4 * Size + 4 * PageSize, pinned: true);
        long start = (long)Marshal.UnsafeAddrOfPinnedArrayElement(_arena, 0);
        // Both ends 16 bytes past a page boundary, as a byte[]'s data is past its object header.
        _source = BlockCopy.FirstPageOffset(start) + 16;
        _destination = _source + (Size / PageSize + 2) * PageSize + Distance;
    }

    [Benchmark(Baseline = true)]
    public void CopyTo() => new ReadOnlySpan<byte>(_arena, _source, Size).CopyTo(new Span<byte>(_arena, _destination, Size));

    [Benchmark]
    public void InPieces() => BlockCopy.CopyInPieces(new ReadOnlySpan<byte>(_arena, _source, Size), new Span<byte>(_arena, _destination, Size));

    [Benchmark]
    public void LayoutSafe() => BlockCopy.Copy(new ReadOnlySpan<byte>(_arena, _source, Size), new Span<byte>(_arena, _destination, Size));
}

using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Eddy.Internal;

namespace Eddy.Benchmarks.Micro.Internal;

/// <summary>
/// One <see cref="Span{T}.CopyTo(Span{T})"/> of <see cref="Size"/> bytes, long enough to be the C library's
/// <c>memmove</c>'s, between two places in one pinned array whose start addresses differ by <see cref="Distance"/>
/// modulo 4 KiB. The sweep behind the growth copies' slow window (<c>BlockCopy.SlowMemmoveDistanceLimit</c>) in
/// docs/design.md, "Copies and memory layout".
/// </summary>
public class MemmoveDistanceBenchmarks
{
    private const int PageSize = 4096;
    private byte[] _arena = [];
    private int _source;
    private int _destination;

    [Params(32768, 65536, 131072, 524288)]
    public int Size { get; set; }

    [ParamsSource(nameof(DistanceValues))]
    public int Distance { get; set; }

    public static IEnumerable<int> DistanceValues => [0, 8, 24, 40, 48, 56, 64, 128, 1048, 4072];

    [GlobalSetup]
    public void Setup()
    {
        _arena = GC.AllocateUninitializedArray<byte>(2 * Size + 4 * PageSize, pinned: true);
        long start = (long)Marshal.UnsafeAddrOfPinnedArrayElement(_arena, 0);
        // Both ends 16 bytes past a page boundary, as a byte[]'s data is past its object header.
        _source = BlockCopy.FirstPageOffset(start) + 16;
        _destination = _source + (Size / PageSize + 1) * PageSize + Distance;
    }

    [Benchmark]
    public void CopyTo() => new ReadOnlySpan<byte>(_arena, _source, Size).CopyTo(new Span<byte>(_arena, _destination, Size));
}

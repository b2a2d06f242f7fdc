using System;
using System.IO;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;
using Microsoft.IO;

namespace Eddy.Benchmarks.Workloads;

/// <summary>[small-writes] One million WriteByte calls, or one million 6-byte writes, into a fresh stream.</summary>
// Quick mode leaves out Eddy's contiguous and segmented modes, which the comparison with the rivals does not need.
[Workload(
    "small-writes",
    QuickOmitted = new[] { ImplementationIds.EddyContiguous, ImplementationIds.EddySegmented })]
public class StreamSmallWritesBenchmarks
{
    private const int Calls = 1_000_000;
    private static readonly RecyclableMemoryStreamManager s_manager = new();

    private readonly byte[] _six = TestData.Bytes(6);

    [ParamsAllValues]
    public SmallWritePattern Pattern { get; set; }

    [Benchmark(Baseline = true), Implementation(ImplementationIds.MemoryStream)]
    public long MemoryStream()
    {
        using var stream = new MemoryStream();
        WriteCalls(stream);
        return stream.Length;
    }

    [Benchmark, Implementation(ImplementationIds.Eddy)]
    public long Eddy()
    {
        using var stream = new PooledMemoryStream();
        WriteCalls(stream);
        return stream.Length;
    }

    [Benchmark, Implementation(ImplementationIds.EddyContiguous)]
    public long EddyContiguous()
    {
        using var stream = new PooledMemoryStream(StreamModes.Contiguous);
        WriteCalls(stream);
        return stream.Length;
    }

    [Benchmark, Implementation(ImplementationIds.EddySegmented)]
    public long EddySegmented()
    {
        using var stream = new PooledMemoryStream(StreamModes.Segmented);
        WriteCalls(stream);
        return stream.Length;
    }

    [Benchmark, Implementation(ImplementationIds.RecyclableMemoryStream)]
    public long RecyclableMemoryStream()
    {
        using var stream = s_manager.GetStream();
        WriteCalls(stream);
        return stream.Length;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void WriteCalls<TStream>(TStream stream)
        where TStream : Stream
    {
        switch (Pattern)
        {
            case SmallWritePattern.WriteByte:
                for (int i = 0; i < Calls; i++)
                {
                    stream.WriteByte((byte)i);
                }

                break;
            case SmallWritePattern.Write6Array:
                for (int i = 0; i < Calls; i++)
                {
                    stream.Write(_six, 0, 6);
                }

                break;
            default:
                for (int i = 0; i < Calls; i++)
                {
                    stream.Write(_six.AsSpan());
                }

                break;
        }
    }
}

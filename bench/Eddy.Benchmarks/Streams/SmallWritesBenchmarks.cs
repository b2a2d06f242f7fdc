using System.IO;
using BenchmarkDotNet.Attributes;

namespace Eddy.Benchmarks.Streams;

/// <summary>One million WriteByte calls, and one million 6-byte writes, into one stream.</summary>
[MemoryDiagnoser]
public class SmallWritesBenchmarks
{
    private const int Count = 1_000_000;
    private readonly byte[] _six = { 1, 2, 3, 4, 5, 6 };

    [Params("WriteByte", "Write6")]
    public string Operation { get; set; } = "WriteByte";

    [Benchmark(Baseline = true)]
    public long MemoryStream() => Run(new MemoryStream());

    [Benchmark]
    public long RecyclableMemoryStream() => Run(StreamFactory.Recyclable.GetStream());

    [Benchmark]
    public long EddyAuto() => Run(new PooledMemoryStream());

    [Benchmark]
    public long EddyContiguous() => Run(new PooledMemoryStream(StreamFactory.Contiguous));

    [Benchmark]
    public long EddySegmented() => Run(new PooledMemoryStream(StreamFactory.Segmented));

    private long Run(Stream stream)
    {
        using (stream)
        {
            if (Operation == "WriteByte")
            {
                for (int i = 0; i < Count; i++)
                {
                    stream.WriteByte((byte)i);
                }
            }
            else
            {
                byte[] six = _six;
                for (int i = 0; i < Count; i++)
                {
                    stream.Write(six, 0, 6);
                }
            }

            return stream.Length;
        }
    }
}

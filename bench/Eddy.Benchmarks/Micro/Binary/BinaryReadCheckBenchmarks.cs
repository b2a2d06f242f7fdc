using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Eddy.Binary;

namespace Eddy.Benchmarks.Micro.Binary;

/// <summary>
/// [binary-check] The cost of the end-of-data check: the reader's checked ReadInt64 against a loop that
/// reads the same bytes with no check at all (what an unchecked reader would do; Eddy offers none).
/// </summary>
[MemoryDiagnoser]
public class BinaryReadCheckBenchmarks
{
    private byte[] _bytes = Array.Empty<byte>();

    [ParamsSource(nameof(Sizes))]
    public int N { get; set; }

    public static IEnumerable<int> Sizes() => BenchmarkSizes.FromEnvironment("EDDY_BINARY_N", 64, 8192, 65536);

    [GlobalSetup]
    public void Setup()
    {
        _bytes = new byte[N * sizeof(long)];
        new Random(1).NextBytes(_bytes);
    }

    [Benchmark(Baseline = true)]
    public long Unchecked()
    {
        ref byte start = ref MemoryMarshal.GetArrayDataReference(_bytes);
        long sum = 0;
        for (int i = 0; i < N; i++)
        {
            sum += Unsafe.ReadUnaligned<long>(ref Unsafe.Add(ref start, i * sizeof(long)));
        }

        return sum;
    }

    [Benchmark]
    public long Eddy_Checked()
    {
        var reader = new BinarySequenceReader(_bytes);
        long sum = 0;
        for (int i = 0; i < N; i++)
        {
            sum += reader.Read<long>();
        }

        return sum;
    }
}

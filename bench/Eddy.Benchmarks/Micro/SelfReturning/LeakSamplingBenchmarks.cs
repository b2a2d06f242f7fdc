using BenchmarkDotNet.Attributes;
using Eddy.Diagnostics;
using Eddy.Pooling;

namespace Eddy.Benchmarks.Micro.SelfReturning;

/// <summary>
/// [leaksampling] What leak-stack sampling costs a rent/dispose pair, the cheapest tracked operation:
/// off, every creation (what one stack capture costs), Netty's default of one in 128, one in 4096, and Eddy's default.
/// </summary>
[MemoryDiagnoser]
public class LeakSamplingBenchmarks
{
    private const int Operations = 10_000;

    private readonly SelfReturningBufferPool _pool = new();
    private int _originalInterval;

    [Params(0, 1, 128, 4096, LeakTracker.DefaultSamplingInterval)]
    public int SamplingInterval { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _originalInterval = LeakTracker.SamplingInterval;
        LeakTracker.SamplingInterval = SamplingInterval;
    }

    [GlobalCleanup]
    public void Cleanup() => LeakTracker.SamplingInterval = _originalInterval;

    [Benchmark(OperationsPerInvoke = Operations)]
    public int RentDispose()
    {
        int sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            using SelfReturningBuffer buffer = _pool.Rent(4096);
            buffer[0] = (byte)i;
            sum += buffer[0];
        }

        return sum;
    }
}

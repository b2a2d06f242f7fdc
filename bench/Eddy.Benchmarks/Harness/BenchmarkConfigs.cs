using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Perfolizer.Horology;

namespace Eddy.Benchmarks.Harness;

/// <summary>The BenchmarkDotNet configurations: MemoryDiagnoser always on, in full and in quick mode.</summary>
public static class BenchmarkConfigs
{
    /// <summary>
    /// The quick job: in-process (no per-run project build), one launch, 5 warm-up and 3 measured iterations of
    /// about 100 ms, no overhead evaluation. Good for seeing who wins; not for sub-nanosecond differences.
    /// </summary>
    /// <remarks>With 2 warm-ups, single rows came out 2-6x slow now and then (a thread-static pool pair at 35 ns
    /// instead of 14, a 128-byte MemoryStream at 291 ns instead of 50), as if measured before the JIT's tier-up
    /// had replaced the method; 5 warm-ups cost about a minute per full quick run.</remarks>
    public static Job QuickJob { get; } = Job.Default
        .WithId("Quick")
        .WithToolchain(InProcessEmitToolchain.Instance)
        .WithLaunchCount(1)
        .WithWarmupCount(5)
        .WithIterationCount(3)
        .WithIterationTime(TimeInterval.FromMilliseconds(100))
        .WithEvaluateOverhead(false);

    /// <summary>BenchmarkDotNet's defaults plus the memory diagnoser; quick mode adds <see cref="QuickJob"/>.</summary>
    public static IConfig Create(bool quick, string artifactsPath)
    {
        var config = DefaultConfig.Instance
            .AddDiagnoser(MemoryDiagnoser.Default)
            .WithArtifactsPath(artifactsPath);
        return quick ? config.AddJob(QuickJob) : config;
    }
}

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
    /// The quick job: in-process (no per-run project build), one launch, 2 warm-up and 3 measured iterations of
    /// about 100 ms, no overhead evaluation. Good for seeing who wins; not for sub-nanosecond differences.
    /// </summary>
    public static Job QuickJob { get; } = Job.Default
        .WithId("Quick")
        .WithToolchain(InProcessEmitToolchain.Instance)
        .WithLaunchCount(1)
        .WithWarmupCount(2)
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

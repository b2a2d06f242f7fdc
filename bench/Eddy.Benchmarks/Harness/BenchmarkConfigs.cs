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
    /// The quick job: in-process (no per-run project build), one launch, a tier-up stage
    /// (<see cref="TierUpEngineFactory"/>), 1 warm-up iteration and 6 measured iterations of about 40 ms, no overhead
    /// evaluation. A process reports the mean of each benchmark's fastest three iterations
    /// (<see cref="TimeStatistic.FastestHalf"/>): a neighbour on a shared machine, or a slow phase of the process, only
    /// adds time, six iterations are too few for their median to repeat from one run to the next, and the fastest
    /// one alone is sometimes a lucky one. A class run in several processes keeps each row's median process
    /// (<see cref="IsolatedWorkloads.MedianOfProcesses"/>).
    /// </summary>
    /// <remarks>Quick mode runs each workload class in a fresh process (<see cref="IsolatedWorkloads"/>), where the
    /// library's methods start cold: a fixed count of 5 warm-ups let a row be measured while the JIT's tier-up was
    /// still replacing them, and a benchmark that makes few calls per iteration could reach its optimised code only
    /// during the measured iterations even after BenchmarkDotNet's adaptive warm-up, which also took much of the run's
    /// time. The tier-up stage waits for the JIT instead, and a short fixed warm-up follows it (docs/benchmarks.md,
    /// "Quick mode").</remarks>
    public static Job QuickJob { get; } = new Job("Quick")
        {
            Infrastructure = { EngineFactory = new TierUpEngineFactory() },
        }
        .WithToolchain(InProcessEmitToolchain.Instance)
        .WithLaunchCount(1)
        .WithWarmupCount(1)
        .WithIterationCount(6)
        .WithIterationTime(TimeInterval.FromMilliseconds(40))
        .WithEvaluateOverhead(false);

    /// <summary>
    /// BenchmarkDotNet's defaults plus the memory diagnoser; quick mode adds <see cref="QuickJob"/>. With
    /// <paramref name="forceGc"/> false, BenchmarkDotNet does not force a full collection between iterations
    /// (its default does), for a run that keeps whatever heap layout the process has.
    /// </summary>
    public static IConfig Create(bool quick, string artifactsPath, bool forceGc = true)
    {
        var config = DefaultConfig.Instance
            .AddDiagnoser(MemoryDiagnoser.Default)
            .WithArtifactsPath(artifactsPath);
        if (quick)
        {
            return config.AddJob(QuickJob.WithGcForce(forceGc)).AddFilter(QuickImplementationFilter.Instance);
        }

        return forceGc ? config : config.AddJob(Job.Default.WithGcForce(false).AsDefault());
    }
}

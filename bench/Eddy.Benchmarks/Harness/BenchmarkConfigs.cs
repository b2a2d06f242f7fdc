using System;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Jobs;
using Perfolizer.Horology;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// The two BenchmarkDotNet jobs and the configuration around them. Both run every benchmark out of process, with the
/// GC's generation-0 budget pinned (<see cref="PinnedGen0Budget"/>), a full collection forced between iterations,
/// the memory diagnoser on, and BenchmarkDotNet's full JSON export, which <see cref="ReportReader"/> reads back.
/// The quick job differs from the full one only in how many launches and iterations it measures.
/// </summary>
public static class BenchmarkConfigs
{
    /// <summary>The gen0 budget, 4 MiB, for every benchmark process (docs/benchmarks.md, "The gen0 budget").</summary>
    public static EnvironmentVariable PinnedGen0Budget { get; } = new("DOTNET_GCgen0size", "0x400000");

    /// <summary>
    /// What the build of BenchmarkDotNet's generated project leaves out: the analyzers, the XML docs and a cold
    /// compiler. The code it compiles is the same; the repository's own build checks it.
    /// </summary>
    public static MsBuildArgument[] FastBuild { get; } =
    [
        new("/p:RunAnalyzers=false"), new("/p:EnforceCodeStyleInBuild=false"), new("/p:GenerateDocumentationFile=false"),
        new("/p:TreatWarningsAsErrors=false"), new("/p:UseSharedCompilation=true"),
    ];

    /// <summary>The JIT's tiering starts at once, not after 100 ms without new methods, so a quick job's short
    /// iterations measure the tier-1 code (with dynamic PGO) an application runs, not tier-0 code.</summary>
    public static EnvironmentVariable TierUpAtOnce { get; } = new("DOTNET_TC_CallCountingDelayMs", "0");

    /// <summary>BenchmarkDotNet's default job: one launch, adaptive warm-up and iteration counts, 500 ms iterations.</summary>
    public static Job FullJob { get; } = Job.Default.WithId("Full").WithArguments(FastBuild).WithEnvironmentVariables(TierUpAtOnce);

    /// <summary>
    /// The full job with fewer, shorter iterations, in two launches: the same processes, toolchain, GC settings and
    /// overhead evaluation, so a quick row measures what the full row measures; the two launches' pooled iterations
    /// keep one process's level (heap placement, a rival's large-object collections) from setting a row alone.
    /// </summary>
    public static Job QuickJob { get; } = FullJob
        .WithId("Quick")
        .WithLaunchCount(2)
        .WithWarmupCount(1)
        .WithIterationCount(5)
        .WithIterationTime(TimeInterval.FromMilliseconds(25));

    /// <summary>
    /// The configuration of a run: <see cref="QuickJob"/> or <see cref="FullJob"/> as the default job (so that
    /// <c>--launchCount</c>, <c>--iterationCount</c> and the like change it), the budget pinned unless
    /// <paramref name="pinGen0Budget"/> is false, and in quick mode <see cref="QuickImplementationFilter"/>.
    /// </summary>
    public static IConfig Create(bool quick, string artifactsPath, bool pinGen0Budget = true)
    {
        Job job = quick ? QuickJob : FullJob;
        var config = DefaultConfig.Instance
            .AddJob((pinGen0Budget ? job.WithEnvironmentVariable(PinnedGen0Budget.Key, PinnedGen0Budget.Value) : job).AsDefault())
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(JsonExporter.Full)
            .WithArtifactsPath(artifactsPath)
            .WithBuildTimeout(TimeSpan.FromMinutes(10));
        return quick ? config.AddFilter(QuickImplementationFilter.Instance) : config;
    }
}

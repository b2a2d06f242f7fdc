using System;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Eddy.Benchmarks.Harness;
using Eddy.Benchmarks.Micro.Pools;
using Eddy.Benchmarks.Workloads;

namespace Eddy.Benchmarks.Tests;

/// <summary>The jobs, the categories, and one real BenchmarkDotNet run read back through its JSON export.</summary>
public class BenchmarkRunTests
{
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void Both_jobs_run_out_of_process_with_the_gen0_budget_pinned_unless_told_otherwise(bool quick)
    {
        Job pinned = Assert.Single(BenchmarkConfigs.Create(quick, TempFolder()).GetJobs());
        Job own = Assert.Single(BenchmarkConfigs.Create(quick, TempFolder(), pinGen0Budget: false).GetJobs());

        Assert.Null(pinned.Infrastructure.Toolchain); // BenchmarkDotNet's default: a process per launch
        Assert.True(pinned.Meta.IsDefault); // so --launchCount and the like change it
        Assert.Equal(
            [("DOTNET_TC_CallCountingDelayMs", "0"), ("DOTNET_GCgen0size", "0x400000")],
            pinned.Environment.EnvironmentVariables!.Select(v => (v.Key, v.Value)));
        var variable = Assert.Single(own.Environment.EnvironmentVariables!);
        Assert.Equal(("DOTNET_TC_CallCountingDelayMs", "0"), (variable.Key, variable.Value));
    }

    [Fact]
    public void The_quick_job_is_the_full_job_with_two_launches_of_fewer_shorter_iterations()
    {
        Job quick = BenchmarkConfigs.QuickJob;
        Job full = BenchmarkConfigs.FullJob;

        Assert.Equal(2, quick.Run.LaunchCount);
        Assert.True(quick.Run.IterationCount < 15); // BenchmarkDotNet's least adaptive count
        Assert.True(quick.Run.IterationTime.ToMilliseconds() < 500);
        // Everything that decides what an iteration measures is the full job's.
        Assert.Equal(full.Infrastructure.Toolchain, quick.Infrastructure.Toolchain);
        Assert.Equal(full.Infrastructure.Arguments, quick.Infrastructure.Arguments);
        Assert.Equal(full.Environment.EnvironmentVariables, quick.Environment.EnvironmentVariables);
        Assert.Equal(full.Environment.Gc.Force, quick.Environment.Gc.Force);
        Assert.Equal(full.Environment.Gc.Server, quick.Environment.Gc.Server);
        Assert.Equal(full.Accuracy.EvaluateOverhead, quick.Accuracy.EvaluateOverhead);
        Assert.Equal(full.Run.RunStrategy, quick.Run.RunStrategy);
        Assert.False(quick.Run.HasValue(BenchmarkDotNet.Jobs.RunMode.InvocationCountCharacteristic));
        Assert.False(quick.Run.HasValue(BenchmarkDotNet.Jobs.RunMode.UnrollFactorCharacteristic));
    }

    [Fact]
    public void A_workload_class_is_in_the_workload_category_and_in_its_own_and_a_micro_benchmark_in_neither()
    {
        var k4os = BenchmarkConverter.TypeToBenchmarks(typeof(StreamWriteReadBenchmarks), DefaultConfig.Instance).BenchmarksCases;
        Assert.All(k4os, b => Assert.Equal([WorkloadAttribute.Category, "k4os"], b.Descriptor.Categories));
        Assert.Contains(k4os, new AnyCategoriesFilter(["k4os"]).Predicate);

        var micro = BenchmarkConverter.TypeToBenchmarks(typeof(BlockPoolBenchmarks), DefaultConfig.Instance).BenchmarksCases;
        Assert.DoesNotContain(micro, new AnyCategoriesFilter([WorkloadAttribute.Category]).Predicate);
    }

    [Fact]
    public void A_real_run_reads_back_from_its_json_export_with_the_workload_and_implementation_ids()
    {
        string folder = TempFolder();
        try
        {
            var config = ManualConfig.CreateEmpty()
                .AddJob(Job.Dry.WithToolchain(InProcessEmitToolchain.Instance))
                .AddColumnProvider(DefaultColumnProviders.Instance)
                .AddLogger(NullLogger.Instance)
                .AddDiagnoser(MemoryDiagnoser.Default)
                .AddExporter(JsonExporter.Full)
                .AddFilter(new SimpleFilter(b => (int)b.Parameters["Count"] == 1))
                .WithArtifactsPath(folder);
            var summary = BenchmarkRunner.Run(typeof(FixedPoolBenchmarks), config);
            Assert.All(summary.Reports, r => Assert.True(r.Success, r.BenchmarkCase.DisplayInfo));

            string export = Assert.Single(Directory.GetFiles(folder, "*" + ReportReader.FileSuffix, SearchOption.AllDirectories));
            var (rows, host) = ReportReader.ReadAll([export]);

            Assert.Equal(summary.Reports.Length, rows.Count);
            Assert.All(rows, r => Assert.Equal(("fixed-pool", "Count=1"), (r.Workload, r.Parameter)));
            var baseline = Assert.Single(rows, r => r.IsBaseline);
            Assert.Equal(ImplementationIds.ArrayPoolShared, baseline.Implementation);
            Assert.Contains(rows, r => r.Implementation == ImplementationIds.NewArray && r.AllocatedBytes > 0);
            Assert.All(rows, r => Assert.True(r.TimeNs > 0 && r.RatioToBaseline > 0));
            Assert.Contains("BenchmarkDotNet 0.15.8", host, StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    private static string TempFolder() => Path.Combine(Path.GetTempPath(), "eddy-bench-" + Guid.NewGuid().ToString("N"));
}

using System;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Eddy.Benchmarks.Harness;
using Eddy.Benchmarks.Workloads;

namespace Eddy.Benchmarks.Tests;

/// <summary>
/// Runs one real workload class through BenchmarkDotNet (dry, in-process) and reads its summary, so the mapping
/// from BenchmarkDotNet's reports to the workload and implementation ids is checked end to end. Nothing about timing is asserted.
/// </summary>
[Collection(BenchmarkModeCollection.Name)]
public class ResultCollectorTests
{
    [Fact]
    public void A_real_run_becomes_rows_with_workload_parameter_implementation_ids_and_ratios()
    {
        string artifacts = Path.Combine(Path.GetTempPath(), "eddy-bdn-" + Guid.NewGuid().ToString("N"));
        try
        {
            var config = ManualConfig.CreateEmpty()
                .AddColumnProvider(DefaultColumnProviders.Instance)
                .AddLogger(NullLogger.Instance)
                .AddDiagnoser(MemoryDiagnoser.Default)
                .AddJob(Job.Dry.WithStrategy(RunStrategy.Monitoring).WithIterationCount(5).WithWarmupCount(2).WithInvocationCount(4).WithUnrollFactor(1).WithToolchain(InProcessEmitToolchain.Instance))
                .WithArtifactsPath(artifacts)
                .WithOptions(ConfigOptions.DisableLogFile);

            var summary = BenchmarkRunner.Run(typeof(FixedPoolBenchmarks), config);
            var rows = ResultCollector.Collect([summary], TimeStatistic.Median, out var failed);

            Assert.Empty(failed);
            Assert.Equal(15, rows.Count); // 3 counts x 5 implementations
            Assert.All(rows, r => Assert.Equal("fixed-pool", r.Workload));
            Assert.Equal(["Count=1", "Count=160000", "Count=8000"], rows.Select(r => r.Parameter).Distinct().Order(StringComparer.Ordinal));
            Assert.Equal([ImplementationIds.ArrayPoolShared, ImplementationIds.Eddy, ImplementationIds.EddyConcurrent, ImplementationIds.EddyThreadStatic, ImplementationIds.NewArray], rows.Select(r => r.Implementation).Distinct().Order(StringComparer.Ordinal));
            Assert.All(rows, r => Assert.True(r.TimeNs > 0));
            Assert.All(rows.Where(r => r.IsBaseline), r => Assert.Equal(ImplementationIds.ArrayPoolShared, r.Implementation));
            Assert.All(rows.Where(r => r.IsBaseline), r => Assert.Equal(1.0, r.RatioToBaseline));
            Assert.All(rows, r => Assert.Null(r.RatioToFloor));
            // 160,000 fresh int[32] arrays cannot be allocated in nothing.
            var newArrays = rows.Single(r => r.Implementation == ImplementationIds.NewArray && r.Parameter == "Count=160000");
            Assert.True(newArrays.AllocatedBytes > 160_000L * 32 * sizeof(int), $"allocated {newArrays.AllocatedBytes}");

            // Collections per 1,000 operations, from the report's own counts.
            foreach (var (report, row) in summary.Reports.Zip(rows))
            {
                var gc = report.GcStats;
                Assert.True(gc.TotalOperations > 0);
                Assert.Equal(gc.Gen0Collections * 1000.0 / gc.TotalOperations, row.Gen0, 9);
                Assert.Equal(gc.Gen1Collections * 1000.0 / gc.TotalOperations, row.Gen1, 9);
                Assert.Equal(gc.Gen2Collections * 1000.0 / gc.TotalOperations, row.Gen2, 9);
            }

            Assert.Contains(rows, r => r.Gen0 > 0);

            // Each statistic takes its own iterations of the same report: the quick one the mean of the fastest three
            // of the five measured iterations, per operation (four operations each; the warm-ups do not count).
            var fastestHalf = ResultCollector.Collect([summary], TimeStatistic.FastestHalf, out _);
            Assert.Equal(rows.Count, fastestHalf.Count);
            foreach (var (report, median, quick) in summary.Reports.Zip(rows, fastestHalf))
            {
                Assert.Equal(TimeStatistic.Median, median.Statistic);
                Assert.Equal(TimeStatistic.FastestHalf, quick.Statistic);
                Assert.Equal(report.ResultStatistics!.Median, median.TimeNs);
                var actual = report.AllMeasurements
                    .Where(m => m.IterationMode == IterationMode.Workload && m.IterationStage == IterationStage.Actual)
                    .ToArray();
                Assert.All(actual, m => Assert.Equal(4, m.Operations));
                Assert.Contains(report.AllMeasurements, m => m.IterationMode == IterationMode.Workload && m.IterationStage == IterationStage.Warmup);
                double[] perOperation = actual.Select(m => m.Nanoseconds / 4).Order().ToArray();
                Assert.Equal(5, perOperation.Length);
                Assert.Equal(quick.TimeNs, ResultCollector.FastestHalfMean(report));
                Assert.Equal(perOperation.Take(3).Average(), quick.TimeNs, 9);
                Assert.InRange(quick.TimeNs, report.ResultStatistics.Min, perOperation[2]);
            }

            Assert.Contains(rows.Zip(fastestHalf), pair => pair.Second.TimeNs < pair.First.TimeNs);
        }
        finally
        {
            if (Directory.Exists(artifacts))
            {
                Directory.Delete(artifacts, recursive: true);
            }
        }
    }
}

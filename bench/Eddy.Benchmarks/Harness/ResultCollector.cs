using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Reports;

namespace Eddy.Benchmarks.Harness;

/// <summary>Reads BenchmarkDotNet's reports into <see cref="ResultRow"/>s with the workload and implementation ids.</summary>
public static class ResultCollector
{
    /// <summary>Rows for every report that produced a measurement, timed by <paramref name="statistic"/>, with ratios filled in.</summary>
    public static IReadOnlyList<ResultRow> Collect(IEnumerable<Summary> summaries, TimeStatistic statistic, out IReadOnlyList<string> failed)
    {
        var rows = new List<ResultRow>();
        var failures = new List<string>();
        foreach (var report in summaries.SelectMany(s => s.Reports))
        {
            var benchmark = report.BenchmarkCase;
            var method = benchmark.Descriptor.WorkloadMethod;
            string workload = WorkloadOf(method.DeclaringType!);
            string implementation = ImplementationOf(method);
            string parameter = ParameterText.Format(benchmark.Parameters.Items.Select(p => (p.Name, (object?)p.Value)));
            if (!report.Success || report.ResultStatistics is null)
            {
                failures.Add($"{workload} / {parameter} / {implementation}");
                continue;
            }

            var gc = report.GcStats;
            double perThousand = gc.TotalOperations > 0 ? 1000.0 / gc.TotalOperations : 0;
            rows.Add(new ResultRow(
                workload,
                parameter,
                implementation,
                benchmark.Descriptor.Baseline,
                statistic == TimeStatistic.FastestHalf ? FastestHalfMean(report) : report.ResultStatistics.Median,
                gc.GetBytesAllocatedPerOperation(benchmark),
                gc.Gen0Collections * perThousand,
                gc.Gen1Collections * perThousand,
                gc.Gen2Collections * perThousand,
                Statistic: statistic));
        }

        failed = failures;
        return ResultRows.WithRatios(rows);
    }

    /// <summary>The mean of the fastest half of the report's measured iterations, each taken as time per operation.</summary>
    public static double FastestHalfMean(BenchmarkReport report)
    {
        System.ArgumentNullException.ThrowIfNull(report);
        return TimeStatistics.FastestHalfMean(report.AllMeasurements
            .Where(m => m.IterationMode == IterationMode.Workload && m.IterationStage == IterationStage.Actual)
            .Select(m => m.Nanoseconds / m.Operations));
    }

    /// <summary>The [Workload] id, or the class name for micro-benchmarks, which are not catalogued workloads.</summary>
    public static string WorkloadOf(System.Type type) => type.GetCustomAttribute<WorkloadAttribute>()?.Id ?? type.Name;

    /// <summary>The [Implementation] id, or the method name when the method carries none.</summary>
    public static string ImplementationOf(MethodInfo method) => method.GetCustomAttribute<ImplementationAttribute>()?.Id ?? method.Name;
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;
using Eddy.Benchmarks.Harness;

namespace Eddy.Benchmarks;

/// <summary>
/// Entry point. "--quick" runs every workload on a parameter subset with a short in-process job, each workload class
/// in a fresh process of its own (<see cref="IsolatedWorkloads"/>);
/// "--no-force-gc" stops BenchmarkDotNet from forcing a full collection between iterations; "--default-gc" keeps the
/// GC's own gen0 budget instead of the pinned one (<see cref="GcBudget"/>); any other arguments
/// go to BenchmarkSwitcher (e.g. --filter '*'). Either way the run ends with a comparison table
/// on the console and artifacts/bench/summary.json, summary.md and one SVG chart per workload.
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        ArgumentNullException.ThrowIfNull(args);
        if (PeakMemory.TryRun(args, out int peakExitCode))
        {
            return peakExitCode;
        }

        if (IsolatedWorkloads.TryRunWithoutCallCountingDelay(args, out int jitExitCode))
        {
            return jitExitCode;
        }

        if (GcBudget.TryRunPinned(args, out int pinnedExitCode))
        {
            return pinnedExitCode;
        }

        var clock = Stopwatch.StartNew();
        bool quick = args.Contains("--quick", StringComparer.Ordinal);
        bool forceGc = !args.Contains("--no-force-gc", StringComparer.Ordinal);
        bool isChild = IsolatedWorkloads.TryParseChild(args, out Type? childWorkload, out string? childRows);
        string[] rest = IsolatedWorkloads.WithoutChildArguments(args)
            .Where(a => a != "--quick" && a != "--no-force-gc" && a != GcBudget.DefaultGcArgument).ToArray();
        BenchmarkMode.Quick = quick;
        TimeStatistic statistic = TimeStatistics.For(quick);

        var config = BenchmarkConfigs.Create(quick, Path.Combine(RepositoryPaths.BenchArtifacts, "bdn"), forceGc);
        if (isChild)
        {
            // One workload class of an isolated quick run: its rows go to the parent, which reports them all.
            var childConfig = config.WithOrderer(IsolatedWorkloads.OrdererOf(args));
            if (IsolatedWorkloads.IsExtraCasesChild(args))
            {
                childConfig = childConfig.AddFilter(QuickExtraCaseFilter.Instance);
            }

            var childResults = ResultCollector.Collect([BenchmarkRunner.Run(childWorkload!, childConfig)], statistic, out var childFailed);
            SummaryJsonWriter.Write(childRows!, childResults);
            foreach (string failure in childFailed)
            {
                Console.WriteLine($"FAILED: {failure}");
            }

            return childFailed.Count == 0 ? 0 : 1;
        }

        IReadOnlyList<ResultRow> rows;
        var failed = new List<string>();
        if (quick && rest.Length == 0)
        {
            rows = IsolatedWorkloads.RunAll(WorkloadCatalog.WorkloadTypes(), args, failed);
        }
        else
        {
            var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(rest, config);
            rows = ResultCollector.Collect(summaries.ToList(), statistic, out var switcherFailed);
            failed.AddRange(switcherFailed);
        }

        rows = OrderForReading(rows);
        if (rows.Count == 0 && failed.Count == 0)
        {
            // --list, --help, or a filter that matched nothing: there is nothing to summarise.
            return 0;
        }

        Console.WriteLine();
        Console.WriteLine($"===== Eddy benchmark comparison ({(quick ? "quick" : "full")} mode, {GcBudget.Describe()}; time per operation of the {TimeStatistics.Describe(statistic)}, Allocated per operation, GC collections per 1,000 operations) =====");
        ComparisonTable.WriteText(Console.Out, rows);
        Console.WriteLine();
        if (rows.Any(r => r.Workload == "k4os"))
        {
            string held = HeldBytesTable.ToMarkdown(HeldBytesTable.Measure());
            Console.WriteLine("[k4os memory] bytes held per byte stored after the write phase");
            Console.WriteLine(held);
            Directory.CreateDirectory(RepositoryPaths.BenchArtifacts);
            File.WriteAllText(Path.Combine(RepositoryPaths.BenchArtifacts, "held-bytes.md"), held);
        }

        foreach (string path in ArtifactWriter.WriteAll(RepositoryPaths.BenchArtifacts, rows))
        {
            Console.WriteLine($"wrote {Path.GetRelativePath(RepositoryPaths.Root, path)}");
        }

        foreach (string failure in failed)
        {
            Console.WriteLine($"FAILED: {failure}");
        }

        Console.WriteLine($"total wall time: {clock.Elapsed:mm\\:ss}");
        return failed.Count == 0 ? 0 : 1;
    }

    /// <summary>Workloads in the catalog's order; within one, BenchmarkDotNet's order (parameters, then methods).</summary>
    private static IReadOnlyList<ResultRow> OrderForReading(IReadOnlyList<ResultRow> rows)
    {
        var order = WorkloadCatalog.Order;
        return rows
            .Select((row, index) => (row, index))
            .OrderBy(x => Array.IndexOf(order, x.row.Workload) is int i && i >= 0 ? i : order.Length)
            .ThenBy(x => x.index)
            .Select(x => x.row)
            .ToList();
    }
}

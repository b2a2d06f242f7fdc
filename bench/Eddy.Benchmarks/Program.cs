using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;
using BenchmarkDotNet.Running;
using Eddy.Benchmarks.Harness;

namespace Eddy.Benchmarks;

/// <summary>
/// Entry point. Every argument goes to BenchmarkSwitcher (<c>--filter</c>, <c>--anyCategories</c>,
/// <c>--launchCount</c>, <c>--list flat</c>...) except these: <c>--quick</c> runs the quick parameter subsets with
/// <see cref="BenchmarkConfigs.QuickJob"/>, every workload unless a filter or category says otherwise;
/// <c>--default-gc</c> leaves the gen0 budget to the GC; <c>--report quick|full</c> only rebuilds the comparison from
/// the JSON exports already in that mode's folder; <c>--peak workload</c> measures peak memory
/// (<see cref="PeakMemory"/>). A run ends with the comparison tables on the console and, in
/// artifacts/bench/quick or artifacts/bench/full, summary.md, summary.json and one chart per workload.
/// </summary>
public static class Program
{
    private static readonly string[] s_selections = ["--filter", "-f", "--anyCategories", "--allCategories", "--list", "--help", "--version", "--info"];

    public static int Main(string[] args)
    {
        ArgumentNullException.ThrowIfNull(args);
        if (PeakMemory.TryRun(args, out int peakExitCode))
        {
            return peakExitCode;
        }

        if (args is ["--report", var reportMode])
        {
            return Report(reportMode, Directory.GetFiles(ResultsFolder(reportMode), "*" + ReportReader.FileSuffix), []);
        }

        var clock = Stopwatch.StartNew();
        bool quick = args.Contains("--quick", StringComparer.Ordinal);
        string mode = quick ? "quick" : "full";
        var rest = args.Where(a => a is not ("--quick" or "--default-gc")).ToList();
        if (quick && !rest.Any(a => s_selections.Contains(a, StringComparer.Ordinal)))
        {
            rest.AddRange(["--filter", "*", "--anyCategories", WorkloadAttribute.Category]);
        }

        BenchmarkMode.Quick = quick;
        var config = BenchmarkConfigs.Create(quick, Path.Combine(RepositoryPaths.BenchArtifacts, mode, "bdn"), !args.Contains("--default-gc", StringComparer.Ordinal));
        DateTime started = DateTime.UtcNow.AddSeconds(-1);
        var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(rest.ToArray(), config).ToList();
        var failed = summaries.SelectMany(s => s.Reports).Where(r => !r.Success).Select(r => r.BenchmarkCase.DisplayInfo).ToList();
        failed.AddRange(summaries.Where(s => s.HasCriticalValidationErrors).Select(s => s.Title + ": " + string.Join(" ", s.ValidationErrors.Select(e => e.Message))));
        string results = ResultsFolder(mode);
        string[] exports = Directory.Exists(results)
            ? Directory.GetFiles(results, "*" + ReportReader.FileSuffix).Where(f => File.GetLastWriteTimeUtc(f) >= started).ToArray()
            : [];
        int exitCode = exports.Length == 0 && failed.Count == 0 ? 0 : Report(mode, exports, failed);
        Console.WriteLine($"total wall time: {clock.Elapsed:mm\\:ss}");
        return exitCode;
    }

    private static string ResultsFolder(string mode) => Path.Combine(RepositoryPaths.BenchArtifacts, mode, "bdn", "results");

    /// <summary>Writes the comparison of <paramref name="exports"/> to the console and to artifacts/bench/<paramref name="mode"/>.</summary>
    private static int Report(string mode, IReadOnlyList<string> exports, IReadOnlyList<string> failed)
    {
        var (rows, host) = ReportReader.ReadAll(exports.Order(StringComparer.Ordinal));
        rows = rows.OrderBy(r => Array.IndexOf(WorkloadCatalog.Order, r.Workload) is int i and >= 0 ? i : WorkloadCatalog.Order.Length).ToList();
        string folder = Path.Combine(RepositoryPaths.BenchArtifacts, mode);
        Directory.CreateDirectory(folder);
        var markdown = new StringWriter();
        markdown.WriteLine($"{mode} run, {DateTime.UtcNow:yyyy-MM-dd}: {host}; median time per operation, bytes allocated per operation, [ratio to the baseline]");
        markdown.WriteLine();
        Comparison.WriteMarkdown(markdown, rows);
        if (rows.Any(r => r.Workload == "k4os"))
        {
            markdown.WriteLine("### [k4os] bytes held per byte stored after the write phase");
            markdown.WriteLine();
            markdown.Write(HeldBytesTable.ToMarkdown(HeldBytesTable.Measure()));
        }

        Console.WriteLine();
        Console.Write(markdown);
        var written = new List<string> { Path.Combine(folder, "summary.md"), Path.Combine(folder, "summary.json") };
        File.WriteAllText(written[0], markdown.ToString(), new UTF8Encoding(false));
        using (var json = File.Create(written[1]))
        {
            Comparison.WriteJson(json, rows);
        }

        foreach (string workload in rows.Select(r => r.Workload).Distinct())
        {
            written.Add(Path.Combine(folder, workload + ".svg"));
            File.WriteAllText(written[^1], Charts.Svg(workload, rows), new UTF8Encoding(false));
        }

        written.ForEach(path => Console.WriteLine($"wrote {Path.GetRelativePath(RepositoryPaths.Root, path)}"));
        failed.ToList().ForEach(failure => Console.WriteLine($"FAILED: {failure}"));
        return failed.Count == 0 ? 0 : 1;
    }
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Quick mode runs each workload class in a fresh child process of its own, its implementations side by side in it,
/// so that no workload is measured on a heap, thread pool or JIT state that the workloads before it shaped.
/// </summary>
/// <remarks>
/// In one shared process a workload ran on the heap, the jitted code and the thread pool that the workloads before it
/// had left; docs/benchmarks.md ("Quick mode") shows what that did to the rows.
/// </remarks>
public static class IsolatedWorkloads
{
    /// <summary>The child's argument naming the workload class (its full name) to run.</summary>
    public const string WorkloadArgument = "--quick-workload";

    /// <summary>The child's argument naming the file its rows go to (<see cref="SummaryJsonWriter"/>'s format).</summary>
    public const string RowsArgument = "--rows-out";

    /// <summary>
    /// The child's argument saying which of the class's processes it is, as "index/count" from "1/1": process i
    /// starts its benchmarks (i - 1) / count of the way through the list (<see cref="RotatedOrderer"/>).
    /// </summary>
    public const string ProcessArgument = "--quick-process";

    /// <summary>
    /// The child's flag (no value) saying it is one of the class's extra processes, which run only the benchmarks of
    /// <see cref="WorkloadAttribute.QuickExtraCases"/> (<see cref="QuickExtraCaseFilter"/>).
    /// </summary>
    public const string ExtraCasesArgument = "--quick-extra-cases";

    /// <summary>
    /// The runtime setting that makes a method called 30 times tier up at once instead of after a quiet spell of the
    /// JIT. A fresh process keeps jitting while BenchmarkDotNet starts, so without it a benchmark's hot methods could
    /// still be replaced by optimised code part-way through the measured iterations.
    /// </summary>
    public const string CallCountingDelayVariable = "DOTNET_TC_CallCountingDelayMs";

    /// <summary>
    /// Starts a quick run again, in a child process with the call-counting delay off, unless it is off already: the
    /// runtime reads the setting only at start-up. The isolated children inherit it; a quick run with a filter, which
    /// runs its classes in this one process, needs it as much, since its single fixed warm-up does not outlast a tier-up
    /// that the delay keeps postponing while BenchmarkDotNet jits each new benchmark.
    /// </summary>
    /// <param name="args">The command line, passed on unchanged.</param>
    /// <param name="exitCode">The child's exit code, when it ran.</param>
    /// <returns>True when the child ran and this process should exit with <paramref name="exitCode"/>.</returns>
    public static bool TryRunWithoutCallCountingDelay(string[] args, out int exitCode)
    {
        exitCode = 0;
        if (!NeedsCallCountingDelayOff(args, Environment.GetEnvironmentVariable(CallCountingDelayVariable)))
        {
            return false;
        }

        exitCode = HostProcess.RunAgainWith(args, CallCountingDelayVariable, "0");
        return true;
    }

    /// <summary>Whether a run with <paramref name="args"/>, whose delay setting is <paramref name="currentValue"/>, must start again to turn the delay off.</summary>
    public static bool NeedsCallCountingDelayOff(IReadOnlyList<string> args, string? currentValue)
    {
        ArgumentNullException.ThrowIfNull(args);
        return args.Contains("--quick", StringComparer.Ordinal) && currentValue != "0";
    }

    /// <summary>The parent's arguments that every child must see too, so that it measures under the same settings.</summary>
    public static IReadOnlyList<string> PassedOn { get; } = ["--no-force-gc", GcBudget.DefaultGcArgument];

    /// <summary>
    /// The arguments of the child process that runs <paramref name="workload"/> and writes its rows to
    /// <paramref name="rowsPath"/>, as process <paramref name="processIndex"/> of <paramref name="processCount"/>: of the
    /// class's main processes, or with <paramref name="extraCasesOnly"/> of its extra ones.
    /// </summary>
    public static IReadOnlyList<string> ChildArguments(Type workload, string rowsPath, IEnumerable<string> parentArguments, int processIndex = 1, int processCount = 1, bool extraCasesOnly = false)
    {
        ArgumentNullException.ThrowIfNull(workload);
        ArgumentNullException.ThrowIfNull(parentArguments);
        var arguments = new List<string>
        {
            "--quick", WorkloadArgument, workload.FullName!, RowsArgument, rowsPath,
            ProcessArgument, new RotatedOrderer(processIndex, processCount).Argument,
        };
        if (extraCasesOnly)
        {
            arguments.Add(ExtraCasesArgument);
        }

        arguments.AddRange(parentArguments.Where(a => PassedOn.Contains(a, StringComparer.Ordinal)));
        return arguments;
    }

    /// <summary>The order a child runs its benchmarks in: <see cref="ProcessArgument"/>'s rotation, or none without it.</summary>
    /// <exception cref="ArgumentException">The argument has no value, or its value is not "index/count" with 1 &lt;= index &lt;= count.</exception>
    public static RotatedOrderer OrdererOf(IReadOnlyList<string> args)
    {
        ArgumentNullException.ThrowIfNull(args);
        string? value = ValueOf(args, ProcessArgument);
        if (value is null)
        {
            return new RotatedOrderer(1, 1);
        }

        string[] parts = value.Split('/');
        if (parts.Length == 2
            && int.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out int index)
            && int.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out int count)
            && RotatedOrderer.IsProcess(index, count))
        {
            return new RotatedOrderer(index, count);
        }

        throw new ArgumentException($"{ProcessArgument} takes \"index/count\" with 1 <= index <= count, not '{value}'.", nameof(args));
    }

    /// <summary>
    /// Reads a child's command line: true, with the workload class and the rows file, when <paramref name="args"/>
    /// carries both <see cref="WorkloadArgument"/> and <see cref="RowsArgument"/>.
    /// </summary>
    /// <exception cref="ArgumentException">One of the two is there without the other, without its value, or the class is no catalogued workload.</exception>
    public static bool TryParseChild(IReadOnlyList<string> args, out Type? workload, out string? rowsPath)
    {
        ArgumentNullException.ThrowIfNull(args);
        string? name = ValueOf(args, WorkloadArgument);
        rowsPath = ValueOf(args, RowsArgument);
        workload = null;
        if (name is null && rowsPath is null)
        {
            return false;
        }

        if (name is null || rowsPath is null)
        {
            throw new ArgumentException($"{WorkloadArgument} and {RowsArgument} go together.", nameof(args));
        }

        workload = WorkloadCatalog.WorkloadTypes().FirstOrDefault(t => t.FullName == name)
            ?? throw new ArgumentException($"{name} is not a workload class of this assembly.", nameof(args));
        return true;
    }

    /// <summary>Whether the child is one of its class's extra processes (<see cref="ExtraCasesArgument"/>).</summary>
    public static bool IsExtraCasesChild(IReadOnlyList<string> args)
    {
        ArgumentNullException.ThrowIfNull(args);
        return args.Contains(ExtraCasesArgument, StringComparer.Ordinal);
    }

    /// <summary>The arguments left once the child's own pairs and flag are taken out.</summary>
    public static string[] WithoutChildArguments(IReadOnlyList<string> args)
    {
        var rest = new List<string>();
        for (int i = 0; i < args.Count; i++)
        {
            if (args[i] == ExtraCasesArgument)
            {
                continue;
            }

            if (args[i] == WorkloadArgument || args[i] == RowsArgument || args[i] == ProcessArgument)
            {
                i++;
                continue;
            }

            rest.Add(args[i]);
        }

        return rest.ToArray();
    }

    /// <summary>
    /// Runs every workload class in a child process of its own (in <see cref="WorkloadAttribute.QuickProcesses"/>
    /// of them, each starting at a different place in the class's list of benchmarks, and its
    /// <see cref="WorkloadAttribute.QuickExtraCases"/> in <see cref="WorkloadAttribute.QuickExtraProcesses"/> more, in
    /// the order of <see cref="Schedule"/>), and gathers their rows. A child that fails is listed in
    /// <paramref name="failed"/>; the rows it wrote before failing are kept.
    /// </summary>
    public static IReadOnlyList<ResultRow> RunAll(IReadOnlyList<Type> workloads, IReadOnlyList<string> parentArguments, List<string> failed)
    {
        ArgumentNullException.ThrowIfNull(workloads);
        ArgumentNullException.ThrowIfNull(failed);
        string folder = Path.Combine(Path.GetTempPath(), "eddy-bench-" + Environment.ProcessId.ToString(CultureInfo.InvariantCulture));
        Directory.CreateDirectory(folder);
        var runs = workloads.Distinct().ToDictionary(w => w, _ => new List<IReadOnlyList<ResultRow>>());
        try
        {
            foreach (var (workload, process, extraCasesOnly) in Schedule(workloads))
            {
                string kind = extraCasesOnly ? "extra-" : "";
                string rowsPath = Path.Combine(folder, $"{workload.Name}-{kind}{process.ProcessIndex}.json");
                File.Delete(rowsPath);
                var start = HostProcess.StartInfo(ChildArguments(workload, rowsPath, parentArguments, process.ProcessIndex, process.ProcessCount, extraCasesOnly));
                start.Environment[CallCountingDelayVariable] = "0";
                int exitCode = HostProcess.Run(start);
                if (File.Exists(rowsPath))
                {
                    runs[workload].Add(SummaryJsonReader.Read(rowsPath));
                }

                if (exitCode != 0)
                {
                    failed.Add($"{workload.Name}: its {kind}process {process.Argument} exited with {exitCode} (its output is above)");
                }
            }
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }

        return ResultRows.WithRatios(workloads.Distinct().SelectMany(w => MedianOfProcesses(runs[w])).ToList());
    }

    /// <summary>
    /// The order of an isolated quick run's child processes: in rounds, round r running process r of every class
    /// that has that many (<see cref="WorkloadAttribute.QuickProcesses"/>), in the catalogue's order; then, in rounds
    /// again, the extra processes (<see cref="WorkloadAttribute.QuickExtraProcesses"/>), flagged
    /// <c>ExtraCasesOnly</c>.
    /// </summary>
    /// <remarks>
    /// A slow spell of the machine slows whatever runs in it (docs/benchmarks.md, "Why the parallel loops move"). Run
    /// back to back, a class's processes followed each other within seconds, so one spell could reach two of them; in
    /// rounds they lie a whole round, a minute or more, apart.
    /// </remarks>
    public static IReadOnlyList<(Type Workload, RotatedOrderer Process, bool ExtraCasesOnly)> Schedule(IReadOnlyList<Type> workloads)
    {
        ArgumentNullException.ThrowIfNull(workloads);
        var attributes = workloads.Distinct().Select(w => (Workload: w, Attribute: w.GetCustomAttribute<WorkloadAttribute>())).ToList();
        var schedule = new List<(Type, RotatedOrderer, bool)>();
        AddRounds(attributes.Select(a => (a.Workload, a.Attribute?.QuickProcesses ?? 1)).ToList(), extraCasesOnly: false);
        AddRounds(
            attributes.Where(a => a.Attribute?.QuickExtraCases is { Length: > 0 }).Select(a => (a.Workload, a.Attribute!.QuickExtraProcesses)).ToList(),
            extraCasesOnly: true);
        return schedule;

        void AddRounds(List<(Type Workload, int Count)> counts, bool extraCasesOnly)
        {
            int rounds = counts.Count == 0 ? 0 : counts.Max(c => c.Count);
            for (int round = 1; round <= rounds; round++)
            {
                schedule.AddRange(counts.Where(c => c.Count >= round).Select(c => (c.Workload, new RotatedOrderer(round, c.Count), extraCasesOnly)));
            }
        }
    }

    /// <summary>
    /// Of the rows several processes measured for one workload class, each (workload, parameter, implementation)
    /// keeps its median row, whole (its allocations and collections too), in the order the first process gave: of n
    /// rows ordered by time, the one at (n - 1) / 2, so the middle of three and the faster of two. A row that only some
    /// processes measured is the median of those.
    /// </summary>
    /// <remarks>
    /// Each process's row is already the mean of its fastest half of iterations, which removes what a neighbour or a
    /// slow phase adds to single iterations. What remains is the level a whole process takes for one implementation,
    /// and it goes both ways (a rival's 128 MiB streams, MemoryStream's million small writes, docs/benchmarks.md,
    /// "Quick mode" has the cases). Keeping the fastest process let a rare fast level decide a row; the median of
    /// three or five lets neither a fast nor a slow one decide it, and the second fastest of four takes three slow
    /// processes to slow a row down (the parallel loops, whose levels are slow spells).
    /// </remarks>
    public static IReadOnlyList<ResultRow> MedianOfProcesses(IEnumerable<IReadOnlyList<ResultRow>> runs)
    {
        ArgumentNullException.ThrowIfNull(runs);
        var measured = new Dictionary<(string, string, string), List<ResultRow>>();
        var order = new List<(string, string, string)>();
        foreach (ResultRow row in runs.SelectMany(run => run))
        {
            var key = (row.Workload, row.Parameter, row.Implementation);
            if (!measured.TryGetValue(key, out List<ResultRow>? rows))
            {
                order.Add(key);
                measured[key] = rows = [];
            }

            rows.Add(row);
        }

        return order.Select(key => Median(measured[key])).ToList();
    }

    private static ResultRow Median(List<ResultRow> rows) =>
        rows.OrderBy(r => r.TimeNs).ElementAt((rows.Count - 1) / 2);

    private static string? ValueOf(IReadOnlyList<string> args, string name)
    {
        for (int i = 0; i < args.Count; i++)
        {
            if (args[i] == name)
            {
                return i + 1 < args.Count ? args[i + 1] : throw new ArgumentException($"{name} needs a value.", nameof(args));
            }
        }

        return null;
    }
}

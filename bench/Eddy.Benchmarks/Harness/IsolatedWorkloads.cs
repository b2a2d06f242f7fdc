using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Quick mode runs each workload class in a fresh child process of its own, its implementations side by side in it,
/// so that no workload is measured on a heap, thread pool or JIT state that the workloads before it shaped.
/// </summary>
/// <remarks>
/// In one shared process a workload ran on whatever the ones before it left: a large-object budget grown by the
/// k4os workload's 128 MiB streams (MemoryStream's 16 MiB small-writes streams then triggered no collection at all),
/// library code jitted and profiled for other workloads, a thread pool sized by other loops. docs/benchmarks.md
/// ("Quick mode") has the runs that compare the two.
/// </remarks>
public static class IsolatedWorkloads
{
    /// <summary>The child's argument naming the workload class (its full name) to run.</summary>
    public const string WorkloadArgument = "--quick-workload";

    /// <summary>The child's argument naming the file its rows go to (<see cref="SummaryJsonWriter"/>'s format).</summary>
    public const string RowsArgument = "--rows-out";

    /// <summary>The parent's arguments that every child must see too, so that it measures under the same settings.</summary>
    public static IReadOnlyList<string> PassedOn { get; } = ["--no-force-gc", GcBudget.DefaultGcArgument];

    /// <summary>The arguments of the child process that runs <paramref name="workload"/> and writes its rows to <paramref name="rowsPath"/>.</summary>
    public static IReadOnlyList<string> ChildArguments(Type workload, string rowsPath, IEnumerable<string> parentArguments)
    {
        ArgumentNullException.ThrowIfNull(workload);
        var arguments = new List<string> { "--quick", WorkloadArgument, workload.FullName!, RowsArgument, rowsPath };
        arguments.AddRange(parentArguments.Where(a => PassedOn.Contains(a, StringComparer.Ordinal)));
        return arguments;
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

    /// <summary>The arguments left once the child's own pairs are taken out.</summary>
    public static string[] WithoutChildArguments(IReadOnlyList<string> args)
    {
        var rest = new List<string>();
        for (int i = 0; i < args.Count; i++)
        {
            if (args[i] == WorkloadArgument || args[i] == RowsArgument)
            {
                i++;
                continue;
            }

            rest.Add(args[i]);
        }

        return rest.ToArray();
    }

    /// <summary>
    /// Runs every workload class in a child process of its own, one after another, and gathers their rows. A child
    /// that fails is listed in <paramref name="failed"/>; the rows it wrote before failing are kept.
    /// </summary>
    public static IReadOnlyList<ResultRow> RunAll(IReadOnlyList<Type> workloads, IReadOnlyList<string> parentArguments, List<string> failed)
    {
        ArgumentNullException.ThrowIfNull(workloads);
        ArgumentNullException.ThrowIfNull(failed);
        string folder = Path.Combine(Path.GetTempPath(), "eddy-bench-" + Environment.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Directory.CreateDirectory(folder);
        var rows = new List<ResultRow>();
        try
        {
            foreach (Type workload in workloads)
            {
                string rowsPath = Path.Combine(folder, workload.Name + ".json");
                int exitCode = HostProcess.Run(HostProcess.StartInfo(ChildArguments(workload, rowsPath, parentArguments)));
                if (File.Exists(rowsPath))
                {
                    rows.AddRange(SummaryJsonReader.Read(rowsPath));
                }

                if (exitCode != 0)
                {
                    failed.Add($"{workload.Name}: its process exited with {exitCode} (its output is above)");
                }
            }
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }

        return ResultRows.WithRatios(rows);
    }

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

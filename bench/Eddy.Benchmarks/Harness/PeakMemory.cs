using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Peak memory per benchmark case, which BenchmarkDotNet does not report. "--peak Workload" runs every method of the
/// workload's class at every full-mode parameter value once, each in a fresh process, and reports how far the
/// process's peak resident set (Linux VmHWM) rose above its resident set just before the call. A fresh process per
/// case keeps one case's pooled or cached memory out of the next; the figure includes the JIT's work for the first
/// call, a few MiB.
/// </summary>
public static class PeakMemory
{
    private const string ParentSwitch = "--peak";
    private const string ChildSwitch = "--peak-one";

    /// <summary>Handles the two switches; false when <paramref name="args"/> has neither.</summary>
    public static bool TryRun(string[] args, out int exitCode)
    {
        exitCode = 0;
        if (args.Length >= 2 && args[0] == ParentSwitch)
        {
            exitCode = RunAll(args[1]);
            return true;
        }

        if (args.Length == 4 && args[0] == ChildSwitch)
        {
            Console.WriteLine(MeasureOne(FindType(args[1]), args[2], args[3]).ToString(CultureInfo.InvariantCulture));
            return true;
        }

        return false;
    }

    private static Type FindType(string workload) => WorkloadCatalog.WorkloadTypes()
        .Single(t => t.GetCustomAttribute<WorkloadAttribute>()!.Id == workload);

    private static int RunAll(string workload)
    {
        Type type = FindType(workload);
        PropertyInfo parameter = type.GetProperties().Single(p => p.GetCustomAttribute<ParamsSourceAttribute>() is not null);
        string source = parameter.GetCustomAttribute<ParamsSourceAttribute>()!.Name;
        var values = ((System.Collections.IEnumerable)type.GetProperty(source)!.GetValue(null)!).Cast<object>().ToList();
        var methods = type.GetMethods().Where(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null).ToList();

        var table = new StringBuilder();
        table.AppendLine("| " + parameter.Name + " | " + string.Join(" | ", methods.Select(m => m.Name)) + " |");
        table.AppendLine("|---|" + string.Concat(methods.Select(_ => "---:|")));
        foreach (object value in values)
        {
            table.Append(CultureInfo.InvariantCulture, $"| {TestData.FormatSize(Convert.ToInt64(value, CultureInfo.InvariantCulture))} |");
            foreach (MethodInfo method in methods)
            {
                string? peak = RunChild(workload, method.Name, Convert.ToString(value, CultureInfo.InvariantCulture)!);
                table.Append(peak is null ? " failed |" : $" {double.Parse(peak, CultureInfo.InvariantCulture) / (1 << 20):0.0} MiB |");
            }

            table.AppendLine();
        }

        Console.WriteLine($"Peak resident set above the process's resident set before the call ({workload}):");
        Console.Write(table);
        Directory.CreateDirectory(RepositoryPaths.BenchArtifacts);
        File.WriteAllText(Path.Combine(RepositoryPaths.BenchArtifacts, $"peak-{workload}.md"), table.ToString());
        return 0;
    }

    private static string? RunChild(string workload, string method, string value)
    {
        var start = HostProcess.StartInfo([ChildSwitch, workload, method, value]);
        start.RedirectStandardOutput = true;
        using Process child = Process.Start(start)!;
        string output = child.StandardOutput.ReadToEnd();
        child.WaitForExit();
        return child.ExitCode == 0 ? output.Trim().Split('\n')[^1] : null;
    }

    private static long MeasureOne(Type type, string methodName, string value)
    {
        object instance = Activator.CreateInstance(type)!;
        PropertyInfo parameter = type.GetProperties().Single(p => p.GetCustomAttribute<ParamsSourceAttribute>() is not null);
        parameter.SetValue(instance, Convert.ChangeType(value, parameter.PropertyType, CultureInfo.InvariantCulture));
        MethodInfo method = type.GetMethod(methodName)!;

        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();

        // Writing 5 to clear_refs resets VmHWM to the current resident set (Linux 4.0 and later).
        File.WriteAllText("/proc/self/clear_refs", "5");
        long before = StatusKiB("VmRSS:");
        object? result = method.Invoke(instance, null);
        if (result is Task task)
        {
            task.GetAwaiter().GetResult();
        }

        return (StatusKiB("VmHWM:") - before) * 1024;
    }

    private static long StatusKiB(string field)
    {
        foreach (string line in File.ReadLines("/proc/self/status"))
        {
            if (line.StartsWith(field, StringComparison.Ordinal))
            {
                return long.Parse(line.AsSpan(field.Length).Trim().TrimEnd("kB").Trim(), CultureInfo.InvariantCulture);
            }
        }

        throw new InvalidOperationException($"/proc/self/status has no {field}");
    }
}

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
using Eddy.Benchmarks.Workloads;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Peak memory per benchmark case, which BenchmarkDotNet does not report. "--peak Workload" runs every method of the
/// workload's class at every full-mode value of its parameter once, each in a fresh process (so that one case's
/// pooled memory stays out of the next), and reports how far the process's peak resident set (Linux VmHWM) rose
/// above its resident set just before the call; the figure includes the JIT's work for the first call, a few MiB.
/// </summary>
public static class PeakMemory
{
    /// <summary>Handles "--peak Workload" and its children's "--peak-one Workload Method Value"; false for any other command line.</summary>
    public static bool TryRun(string[] args, out int exitCode)
    {
        ArgumentNullException.ThrowIfNull(args);
        exitCode = 0;
        if (args is ["--peak", var workload])
        {
            Type type = FindType(workload);
            var (parameter, values) = Parameter(type);
            var methods = type.GetMethods().Where(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null).ToList();
            var table = new StringBuilder($"| {parameter.Name} | {string.Join(" | ", methods.Select(m => m.Name))} |\n|---|{string.Concat(methods.Select(_ => "---:|"))}\n");
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
            return true;
        }

        if (args is ["--peak-one", var one, var methodName, var text])
        {
            Console.WriteLine(MeasureOne(FindType(one), methodName, text).ToString(CultureInfo.InvariantCulture));
            return true;
        }

        return false;
    }

    private static Type FindType(string workload) => WorkloadCatalog.WorkloadTypes()
        .Single(t => t.GetCustomAttribute<WorkloadAttribute>()!.Id == workload);

    private static (PropertyInfo Parameter, object[] Values) Parameter(Type type)
    {
        PropertyInfo parameter = type.GetProperties().Single(p => p.GetCustomAttribute<ParamsSourceAttribute>() is not null);
        string source = parameter.GetCustomAttribute<ParamsSourceAttribute>()!.Name;
        return (parameter, ((System.Collections.IEnumerable)type.GetProperty(source)!.GetValue(null)!).Cast<object>().ToArray());
    }

    private static string? RunChild(string workload, string method, string value)
    {
        string host = Environment.ProcessPath ?? throw new InvalidOperationException("The benchmark host's path is unknown.");
        var arguments = new List<string> { "--peak-one", workload, method, value };
        if (Path.GetFileNameWithoutExtension(host) == "dotnet")
        {
            arguments.Insert(0, typeof(PeakMemory).Assembly.Location); // started as "dotnet Eddy.Benchmarks.dll"
        }

        var start = new ProcessStartInfo(host, arguments) { UseShellExecute = false, RedirectStandardOutput = true };
        using Process child = Process.Start(start)!;
        string output = child.StandardOutput.ReadToEnd();
        child.WaitForExit();
        return child.ExitCode == 0 ? output.Trim().Split('\n')[^1] : null;
    }

    private static long MeasureOne(Type type, string methodName, string value)
    {
        object instance = Activator.CreateInstance(type)!;
        PropertyInfo parameter = Parameter(type).Parameter;
        parameter.SetValue(instance, Convert.ChangeType(value, parameter.PropertyType, CultureInfo.InvariantCulture));
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();

        // Writing 5 to clear_refs resets VmHWM to the current resident set (Linux 4.0 and later).
        File.WriteAllText("/proc/self/clear_refs", "5");
        long before = StatusKiB("VmRSS:");
        if (type.GetMethod(methodName)!.Invoke(instance, null) is Task task)
        {
            task.GetAwaiter().GetResult();
        }

        return (StatusKiB("VmHWM:") - before) * 1024;
    }

    private static long StatusKiB(string field) => long.Parse(
        File.ReadLines("/proc/self/status").First(l => l.StartsWith(field, StringComparison.Ordinal)).AsSpan(field.Length).Trim().TrimEnd("kB").Trim(),
        CultureInfo.InvariantCulture);
}

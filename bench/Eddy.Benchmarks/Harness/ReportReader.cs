using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Workloads;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Reads BenchmarkDotNet's full JSON export (<c>*-report-full.json</c>) back into <see cref="ResultRow"/>s, finding
/// each benchmark's class and method in this assembly for its workload and implementation ids.
/// </summary>
public static class ReportReader
{
    /// <summary>The suffix of the full JSON export's file names.</summary>
    public const string FileSuffix = "-report-full.json";

    /// <summary>The rows of the given export files, with <see cref="Comparison.WithRatios"/> applied, and the host line of the first.</summary>
    public static (IReadOnlyList<ResultRow> Rows, string Host) ReadAll(IEnumerable<string> paths)
    {
        ArgumentNullException.ThrowIfNull(paths);
        var rows = new List<ResultRow>();
        string host = "";
        foreach (string path in paths)
        {
            using var document = JsonDocument.Parse(File.ReadAllBytes(path));
            host = host.Length > 0 ? host : DescribeHost(document.RootElement.GetProperty("HostEnvironmentInfo"));
            rows.AddRange(Read(document.RootElement));
        }

        return (Comparison.WithRatios(rows), host);
    }

    /// <summary>The rows of one export's benchmarks that produced statistics.</summary>
    public static IEnumerable<ResultRow> Read(JsonElement report)
    {
        foreach (JsonElement benchmark in report.GetProperty("Benchmarks").EnumerateArray())
        {
            if (!benchmark.TryGetProperty("Statistics", out JsonElement statistics) || statistics.ValueKind != JsonValueKind.Object)
            {
                continue; // it failed
            }
            string typeName = benchmark.GetProperty("Namespace").GetString() + "." + benchmark.GetProperty("Type").GetString();
            Type type = typeof(ReportReader).Assembly.GetType(typeName)
                ?? throw new InvalidDataException($"{typeName} is not a benchmark class of this assembly.");
            MethodInfo method = type.GetMethod(benchmark.GetProperty("Method").GetString()!)
                ?? throw new InvalidDataException($"{typeName} has no method {benchmark.GetProperty("Method").GetString()}.");
            var parameters = Parameters(type, benchmark.GetProperty("Parameters").GetString() ?? "");
            JsonElement memory = benchmark.GetProperty("Memory");
            long operations = memory.GetProperty("TotalOperations").GetInt64();
            double perThousand = operations > 0 ? 1000.0 / operations : 0;
            yield return new ResultRow(
                type.GetCustomAttribute<WorkloadAttribute>()?.Id ?? type.Name,
                FormatParameters(parameters),
                ImplementationAttribute.IdOf(method),
                method.GetCustomAttribute<BenchmarkAttribute>()?.Baseline == true,
                statistics.GetProperty("Median").GetDouble(),
                memory.TryGetProperty("BytesAllocatedPerOperation", out JsonElement allocated) && allocated.ValueKind == JsonValueKind.Number ? allocated.GetInt64() : null,
                memory.GetProperty("Gen0Collections").GetDouble() * perThousand,
                memory.GetProperty("Gen1Collections").GetDouble() * perThousand,
                memory.GetProperty("Gen2Collections").GetDouble() * perThousand,
                parameters is [var only] && IsSize(only.Name) && only.Value is int or long ? Convert.ToInt64(only.Value, CultureInfo.InvariantCulture) : null);
        }
    }

    /// <summary>The export's "Name=Value&amp;Name=Value" as values of the types of the class's properties or fields of those names.</summary>
    public static IReadOnlyList<(string Name, object? Value)> Parameters(Type type, string text)
    {
        ArgumentNullException.ThrowIfNull(type);
        ArgumentNullException.ThrowIfNull(text);
        var parameters = new List<(string, object?)>();
        foreach (string pair in text.Split('&', StringSplitOptions.RemoveEmptyEntries))
        {
            int equals = pair.IndexOf('=', StringComparison.Ordinal);
            string name = pair[..equals], value = pair[(equals + 1)..];
            Type? valueType = type.GetProperty(name)?.PropertyType ?? type.GetField(name)?.FieldType;
            object? typed = valueType switch
            {
                null => value,
                { IsEnum: true } => Enum.Parse(valueType, value),
                _ => Convert.ChangeType(value.Replace(",", "", StringComparison.Ordinal), valueType, CultureInfo.InvariantCulture),
            };
            parameters.Add((name, typed));
        }

        return parameters;
    }

    /// <summary>
    /// The parameters as the tables show them: a size ("Bytes", "...Bytes", "DataSize") as 128 B, 64 KiB, 1 MB;
    /// "ParallelNum" as "5 tasks"; an enum by its value; any other as Name=Value; several joined with ", ".
    /// </summary>
    public static string FormatParameters(IEnumerable<(string Name, object? Value)> parameters)
    {
        var parts = parameters.Select(p => p switch
        {
            (var name, int or long) when IsSize(name) => TestData.FormatSize(Convert.ToInt64(p.Value, CultureInfo.InvariantCulture)),
            ("ParallelNum", var tasks) => string.Create(CultureInfo.InvariantCulture, $"{tasks} tasks"),
            (_, Enum value) => value.ToString(),
            var (name, value) => string.Create(CultureInfo.InvariantCulture, $"{name}={value}"),
        }).ToList();
        return parts.Count == 0 ? "-" : string.Join(", ", parts);
    }

    private static bool IsSize(string name) => name.EndsWith("Bytes", StringComparison.Ordinal) || name == "DataSize";

    /// <summary>The machine in one line: core count, OS, runtime and BenchmarkDotNet's version (no processor name).</summary>
    private static string DescribeHost(JsonElement host) =>
        $"{host.GetProperty("LogicalCoreCount")} logical cores, {host.GetProperty("OsVersion")}, {host.GetProperty("RuntimeVersion")} {host.GetProperty("Architecture")}, BenchmarkDotNet {host.GetProperty("BenchmarkDotNetVersion")}";
}

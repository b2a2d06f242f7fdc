using System;
using System.Collections.Generic;
using System.IO;
using System.Text.Json;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Writes artifacts/bench/summary.json: a JSON array of {"workload", "parameter", "implementation", "time_ns",
/// "allocated_bytes", "gen0", "ratio_to_baseline"}, plus "gen1", "gen2", "is_baseline",
/// "ratio_to_floor" and "statistic" ("median" or "fastest-half": which iterations "time_ns" comes from). A value that was
/// not measured, or a ratio without a reference row, is null.
/// </summary>
public static class SummaryJsonWriter
{
    public static void Write(Stream output, IReadOnlyList<ResultRow> rows)
    {
        ArgumentNullException.ThrowIfNull(rows);
        using var json = new Utf8JsonWriter(output, new JsonWriterOptions { Indented = true });
        json.WriteStartArray();
        foreach (var row in rows)
        {
            json.WriteStartObject();
            json.WriteString("workload", row.Workload);
            json.WriteString("parameter", row.Parameter);
            json.WriteString("implementation", row.Implementation);
            json.WriteNumber("time_ns", row.TimeNs);
            WriteNullable(json, "allocated_bytes", row.AllocatedBytes);
            json.WriteNumber("gen0", row.Gen0);
            WriteNullable(json, "ratio_to_baseline", row.RatioToBaseline);
            json.WriteNumber("gen1", row.Gen1);
            json.WriteNumber("gen2", row.Gen2);
            json.WriteBoolean("is_baseline", row.IsBaseline);
            WriteNullable(json, "ratio_to_floor", row.RatioToFloor);
            json.WriteString("statistic", TimeStatistics.Id(row.Statistic));
            json.WriteEndObject();
        }

        json.WriteEndArray();
    }

    public static void Write(string path, IReadOnlyList<ResultRow> rows)
    {
        using var file = File.Create(path);
        Write(file, rows);
    }

    private static void WriteNullable(Utf8JsonWriter json, string name, double? value)
    {
        if (value is { } v)
        {
            json.WriteNumber(name, v);
        }
        else
        {
            json.WriteNull(name);
        }
    }

    private static void WriteNullable(Utf8JsonWriter json, string name, long? value)
    {
        if (value is { } v)
        {
            json.WriteNumber(name, v);
        }
        else
        {
            json.WriteNull(name);
        }
    }
}

using System.Collections.Generic;
using System.IO;
using System.Text.Json;

namespace Eddy.Benchmarks.Harness;

/// <summary>Reads the rows that <see cref="SummaryJsonWriter"/> wrote back into <see cref="ResultRow"/>s.</summary>
public static class SummaryJsonReader
{
    /// <exception cref="JsonException">The text is not an array of rows as <see cref="SummaryJsonWriter"/> writes them.</exception>
    public static IReadOnlyList<ResultRow> Read(Stream input)
    {
        using var document = JsonDocument.Parse(input);
        if (document.RootElement.ValueKind != JsonValueKind.Array)
        {
            throw new JsonException("The summary is not a JSON array of rows.");
        }

        var rows = new List<ResultRow>(document.RootElement.GetArrayLength());
        foreach (JsonElement row in document.RootElement.EnumerateArray())
        {
            rows.Add(new ResultRow(
                row.GetProperty("workload").GetString()!,
                row.GetProperty("parameter").GetString()!,
                row.GetProperty("implementation").GetString()!,
                row.GetProperty("is_baseline").GetBoolean(),
                row.GetProperty("time_ns").GetDouble(),
                NullableInt64(row.GetProperty("allocated_bytes")),
                row.GetProperty("gen0").GetDouble(),
                row.GetProperty("gen1").GetDouble(),
                row.GetProperty("gen2").GetDouble(),
                NullableDouble(row.GetProperty("ratio_to_baseline")),
                NullableDouble(row.GetProperty("ratio_to_floor")),
                TimeStatistics.Parse(row.GetProperty("statistic").GetString()!)));
        }

        return rows;
    }

    public static IReadOnlyList<ResultRow> Read(string path)
    {
        using var file = File.OpenRead(path);
        return Read(file);
    }

    private static long? NullableInt64(JsonElement value) => value.ValueKind == JsonValueKind.Null ? null : value.GetInt64();

    private static double? NullableDouble(JsonElement value) => value.ValueKind == JsonValueKind.Null ? null : value.GetDouble();
}

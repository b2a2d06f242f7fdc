using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// The per-workload pivot of a run: each row's ratio to the baseline and, for Eddy's rows, to the fastest rival;
/// one Markdown table per workload (a line per parameter, a column per implementation) and summary.json.
/// </summary>
public static class Comparison
{
    /// <summary>
    /// Fills <see cref="ResultRow.RatioToBaseline"/> from the baseline row of the same workload and parameter, and for
    /// Eddy's rows <see cref="ResultRow.RatioToFastestRival"/> from the fastest rival row there. Order is preserved.
    /// </summary>
    public static IReadOnlyList<ResultRow> WithRatios(IEnumerable<ResultRow> rows)
    {
        ArgumentNullException.ThrowIfNull(rows);
        var list = rows.ToList();
        var groups = list.GroupBy(r => (r.Workload, r.Parameter)).ToDictionary(g => g.Key, g => g.ToList());
        return list.Select(row =>
        {
            var group = groups[(row.Workload, row.Parameter)];
            ResultRow? baseline = group.FirstOrDefault(r => r.IsBaseline);
            ResultRow? rival = row.IsEddy ? group.Where(r => r.IsRival).MinBy(r => r.TimeNs) : null;
            return row with
            {
                RatioToBaseline = baseline is { TimeNs: > 0 } ? row.TimeNs / baseline.TimeNs : null,
                RatioToFastestRival = rival is { TimeNs: > 0 } ? row.TimeNs / rival.TimeNs : null,
                FastestRival = rival?.Implementation,
            };
        }).ToList();
    }

    /// <summary>
    /// One table per workload under a "### [id]" heading: a line per parameter, a cell per implementation (time, bytes
    /// allocated, and in brackets the ratio to the baseline), and a last column with Eddy's ratio to the fastest rival.
    /// </summary>
    public static void WriteMarkdown(TextWriter output, IReadOnlyList<ResultRow> rows)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(rows);
        foreach (var workload in rows.GroupBy(r => r.Workload))
        {
            string[] implementations = workload.Select(r => r.Implementation).Distinct().ToArray();
            bool hasRivals = workload.Any(r => r.RatioToFastestRival is not null);
            output.WriteLine($"### [{workload.Key}]");
            output.WriteLine();
            output.WriteLine("| parameter | " + string.Join(" | ", implementations.Select(i => workload.Any(r => r.Implementation == i && r.IsBaseline) ? i + " (baseline)" : i))
                + (hasRivals ? " | Eddy / fastest rival |" : " |"));
            output.WriteLine("|---|" + string.Concat(implementations.Select(_ => "---:|")) + (hasRivals ? "---|" : ""));
            foreach (var parameter in workload.GroupBy(r => r.Parameter))
            {
                var cells = implementations.Select(i => parameter.FirstOrDefault(r => r.Implementation == i) is { } row
                    ? $"{Units.Time(row.TimeNs)}, {Units.Bytes(row.AllocatedBytes)} [{Units.Ratio(row.RatioToBaseline)}]"
                    : "-");
                string eddy = string.Join("; ", parameter.Where(r => r.RatioToFastestRival is not null)
                    .Select(r => $"{r.Implementation} **{Units.Ratio(r.RatioToFastestRival)}** ({r.FastestRival})"));
                output.WriteLine($"| {parameter.Key} | " + string.Join(" | ", cells) + (hasRivals ? $" | {eddy} |" : " |"));
            }

            output.WriteLine();
        }
    }

    /// <summary>
    /// summary.json: the rows as an array of objects with the properties of <see cref="ResultRow"/> in snake case
    /// ("workload", "parameter", "implementation", "is_baseline", "time_ns", "allocated_bytes", "gen0", "gen1", "gen2",
    /// "size", "ratio_to_baseline", "ratio_to_fastest_rival", "fastest_rival", "is_eddy", "is_rival"); a value not
    /// measured, or a ratio without its reference row, is null.
    /// </summary>
    public static void WriteJson(Stream output, IReadOnlyList<ResultRow> rows) => JsonSerializer.Serialize(output, rows, s_json);

    private static readonly JsonSerializerOptions s_json = new() { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower, WriteIndented = true };
}

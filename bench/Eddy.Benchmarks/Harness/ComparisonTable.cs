using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Renders the per-workload comparison (parameter × implementation: mean, allocated, GC counts per generation,
/// ratio to the baseline and, where the workload has one, to the Floor) as aligned text or as Markdown.
/// </summary>
public static class ComparisonTable
{
    /// <summary>Aligned plain-text tables, one per workload, for the console.</summary>
    public static void WriteText(TextWriter output, IReadOnlyList<ResultRow> rows)
    {
        ArgumentNullException.ThrowIfNull(output);
        foreach (string workload in ResultRows.Workloads(rows))
        {
            var (header, cells) = Build(rows.Where(r => r.Workload == workload).ToList());
            int[] widths = header.Select((h, c) => Math.Max(h.Length, cells.Max(row => row[c].Length))).ToArray();
            output.WriteLine();
            output.WriteLine($"[{workload}]");
            output.WriteLine(Line(header, widths, " | "));
            output.WriteLine(string.Join("-+-", widths.Select(w => new string('-', w))));
            string? previousParameter = null;
            foreach (string[] cell in cells)
            {
                // Blank repeated parameters so each parameter reads as one group.
                string parameter = cell[0];
                cell[0] = parameter == previousParameter ? string.Empty : parameter;
                previousParameter = parameter;
                output.WriteLine(Line(cell, widths, " | "));
            }
        }
    }

    /// <summary>Markdown tables, one per workload under a "### [id]" heading, for docs/benchmarks.md.</summary>
    public static void WriteMarkdown(TextWriter output, IReadOnlyList<ResultRow> rows)
    {
        ArgumentNullException.ThrowIfNull(output);
        foreach (string workload in ResultRows.Workloads(rows))
        {
            var (header, cells) = Build(rows.Where(r => r.Workload == workload).ToList());
            output.WriteLine($"### [{workload}]");
            output.WriteLine();
            output.WriteLine("| " + string.Join(" | ", header) + " |");
            output.WriteLine("|" + string.Concat(header.Select((_, c) => c < 2 ? "---|" : "---:|")));
            foreach (string[] cell in cells)
            {
                output.WriteLine("| " + string.Join(" | ", cell.Select(EscapeMarkdown)) + " |");
            }

            output.WriteLine();
        }
    }

    private static (string[] Header, List<string[]> Cells) Build(List<ResultRow> rows)
    {
        bool hasFloor = rows.Any(r => r.RatioToFloor is not null);
        var header = new List<string> { "Parameter", "Implementation", "Time", "Allocated", "Gen0", "Gen1", "Gen2", "vs baseline" };
        if (hasFloor)
        {
            header.Add("vs Floor");
        }

        var cells = new List<string[]>();
        foreach (var row in rows)
        {
            var cell = new List<string>
            {
                row.Parameter,
                row.IsBaseline ? row.Implementation + " (baseline)" : row.Implementation,
                Units.Time(row.TimeNs),
                Units.Bytes(row.AllocatedBytes),
                Units.Collections(row.Gen0),
                Units.Collections(row.Gen1),
                Units.Collections(row.Gen2),
                Units.Ratio(row.RatioToBaseline),
            };
            if (hasFloor)
            {
                cell.Add(Units.Ratio(row.RatioToFloor));
            }

            cells.Add(cell.ToArray());
        }

        return (header.ToArray(), cells);
    }

    private static string Line(string[] cells, int[] widths, string separator)
    {
        var line = new StringBuilder();
        for (int c = 0; c < cells.Length; c++)
        {
            if (c > 0)
            {
                line.Append(separator);
            }

            // Text columns left-aligned, numbers right-aligned.
            line.Append(c < 2 ? cells[c].PadRight(widths[c]) : cells[c].PadLeft(widths[c]));
        }

        return line.ToString().TrimEnd();
    }

    private static string EscapeMarkdown(string text) => text.Replace("|", "\\|", StringComparison.Ordinal);
}

using System.Collections.Generic;
using System.IO;
using System.Text;

namespace Eddy.Benchmarks.Harness;

/// <summary>Writes summary.json, summary.md and one chart per workload ({workload}.svg) into a folder.</summary>
public static class ArtifactWriter
{
    /// <returns>The paths written.</returns>
    public static IReadOnlyList<string> WriteAll(string directory, IReadOnlyList<ResultRow> rows)
    {
        Directory.CreateDirectory(directory);
        var written = new List<string>();

        string json = Path.Combine(directory, "summary.json");
        SummaryJsonWriter.Write(json, rows);
        written.Add(json);

        string markdown = Path.Combine(directory, "summary.md");
        using (var writer = new StreamWriter(markdown, append: false, new UTF8Encoding(encoderShouldEmitUTF8Identifier: false)))
        {
            ComparisonTable.WriteMarkdown(writer, rows);
        }

        written.Add(markdown);

        foreach (string workload in ResultRows.Workloads(rows))
        {
            string chart = Path.Combine(directory, FileNameOf(workload) + ".svg");
            SvgChartWriter.Write(chart, workload, rows);
            written.Add(chart);
        }

        return written;
    }

    private static string FileNameOf(string workload)
    {
        var name = new StringBuilder(workload.Length);
        foreach (char c in workload)
        {
            name.Append(char.IsLetterOrDigit(c) || c is '-' or '.' ? c : '_');
        }

        return name.ToString();
    }
}

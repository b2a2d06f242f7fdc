using System;
using System.Collections.Generic;
using System.Linq;
using ScottPlot;
using ScottPlot.TickGenerators;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// One ScottPlot chart per workload: time per operation against the parameter, one line per implementation. The time
/// axis is logarithmic where the times span more than a decade; the parameter axis puts sizes on a log scale and any
/// other parameter at evenly spaced ticks.
/// </summary>
public static class Charts
{
    /// <summary>Renders <paramref name="workload"/>'s rows as SVG text.</summary>
    /// <exception cref="ArgumentException">There are no rows of that workload.</exception>
    public static string Svg(string workload, IReadOnlyList<ResultRow> rows)
    {
        ArgumentNullException.ThrowIfNull(rows);
        var mine = rows.Where(r => r.Workload == workload && r.TimeNs > 0).ToList();
        if (mine.Count == 0)
        {
            throw new ArgumentException($"There are no rows of workload '{workload}'.", nameof(workload));
        }

        string[] parameters = mine.Select(r => r.Parameter).Distinct().ToArray();
        bool bySize = mine.All(r => r.Size > 0);
        double X(ResultRow row) => bySize ? Math.Log10(row.Size!.Value) : Array.IndexOf(parameters, row.Parameter);
        bool logTime = mine.Max(r => r.TimeNs) / mine.Min(r => r.TimeNs) > 10;
        double Y(ResultRow row) => logTime ? Math.Log10(row.TimeNs) : row.TimeNs;

        var plot = new Plot();
        foreach (var implementation in mine.GroupBy(r => r.Implementation))
        {
            var points = implementation.OrderBy(X).ToList();
            var line = plot.Add.Scatter(points.Select(X).ToArray(), points.Select(Y).ToArray());
            line.LegendText = implementation.Any(r => r.IsBaseline) ? implementation.Key + " (baseline)" : implementation.Key;
            line.LineWidth = implementation.Key == ImplementationIds.Eddy ? 3 : 1.5f;
            line.MarkerSize = 6;
        }

        var first = mine.GroupBy(r => r.Parameter).Select(g => g.First()).ToList();
        plot.Axes.Bottom.SetTicks(first.Select(X).ToArray(), first.Select(r => r.Parameter).ToArray());
        plot.Axes.Left.TickGenerator = logTime
            ? new NumericAutomatic { MinorTickGenerator = new LogMinorTickGenerator(), IntegerTicksOnly = true, LabelFormatter = Units.TimeDecade }
            : new NumericAutomatic { LabelFormatter = Units.Time };
        plot.Title($"[{workload}] time per operation (median)");
        plot.YLabel(logTime ? "time per operation (log scale)" : "time per operation");
        plot.XLabel(bySize ? "size (log scale)" : "parameter");
        plot.ShowLegend(Edge.Right);
        return plot.GetSvgXml(1000, 520);
    }
}

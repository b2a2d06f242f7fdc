using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Draws one workload as an SVG with two log-scale line panels sharing the parameter axis: mean time per
/// operation and bytes allocated per operation, one line per implementation id. No charting package is served
/// here (docs/dependencies.md), so this is plain SVG text.
/// </summary>
public static class SvgChartWriter
{
    private const int Width = 1100;
    private const int PlotLeft = 90;
    private const int PlotRight = Width - 290;
    private const int LegendLeft = PlotRight + 25;
    private const int TimePlotTop = 70;
    private const int TimePlotHeight = 280;
    private const int AllocatedPlotTop = TimePlotTop + TimePlotHeight + 110;
    private const int AllocatedPlotHeight = 200;
    private const int Height = AllocatedPlotTop + AllocatedPlotHeight + 80;
    private const int ZeroLane = 28;

    private static readonly CultureInfo s_invariant = CultureInfo.InvariantCulture;

    private static readonly Dictionary<string, string> s_colors = new()
    {
        [ImplementationIds.Eddy] = "#d62728",
        [ImplementationIds.EddyContiguous] = "#ff7f0e",
        [ImplementationIds.EddySegmented] = "#e377c2",
        [ImplementationIds.MemoryStream] = "#1f77b4",
        [ImplementationIds.RecyclableMemoryStream] = "#2ca02c",
        [ImplementationIds.ArrayPoolShared] = "#9467bd",
        [ImplementationIds.BinaryWriter] = "#17becf",
        [ImplementationIds.ArrayBufferWriter] = "#8c564b",
        [ImplementationIds.CommunityToolkit] = "#bcbd22",
        [ImplementationIds.NewArray] = "#7f7f7f",
        [ImplementationIds.Floor] = "#000000",
    };

    private static readonly string[] s_extraColors = ["#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173"];

    public static void Write(string path, string workload, IReadOnlyList<ResultRow> rows) =>
        File.WriteAllText(path, Render(workload, rows), new UTF8Encoding(encoderShouldEmitUTF8Identifier: false));

    /// <summary>The SVG document for the rows of <paramref name="workload"/>.</summary>
    public static string Render(string workload, IReadOnlyList<ResultRow> rows)
    {
        ArgumentNullException.ThrowIfNull(rows);
        var own = rows.Where(r => r.Workload == workload).ToList();
        if (own.Count == 0)
        {
            throw new ArgumentException($"No rows for workload '{workload}'.", nameof(rows));
        }

        var parameters = own.Select(r => r.Parameter).Distinct().ToList();
        // The baseline leads the legend, then the ids in the catalog's order.
        var implementations = own.Select(r => r.Implementation).Distinct()
            .OrderBy(id => own.Any(r => r.Implementation == id && r.IsBaseline) ? 0 : 1)
            .ThenBy(id => Array.IndexOf(ImplementationIds.All, id) is int i && i >= 0 ? i : int.MaxValue)
            .ToList();

        var svg = new StringBuilder();
        svg.Append(s_invariant, $"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{Width}\" height=\"{Height}\" viewBox=\"0 0 {Width} {Height}\" font-family=\"sans-serif\" font-size=\"12\">\n");
        svg.Append(s_invariant, $"<rect width=\"{Width}\" height=\"{Height}\" fill=\"white\"/>\n");
        svg.Append(s_invariant, $"<text x=\"{Width / 2}\" y=\"28\" text-anchor=\"middle\" font-size=\"18\" font-weight=\"bold\">[{Escape(workload)}] per operation, log scale, lower is better</text>\n");

        var panel = new Panel(svg, parameters, implementations, own);
        panel.Draw("time per operation (" + TimeStatistics.Describe(own[0].Statistic) + ")", TimePlotTop, TimePlotHeight, r => r.TimeNs, Units.TimeDecade, zeroLabel: null);
        panel.Draw("allocated per operation", AllocatedPlotTop, AllocatedPlotHeight, r => r.AllocatedBytes, Units.BytesDecade, zeroLabel: "0 B");
        DrawLegend(svg, implementations, own);
        svg.Append("</svg>\n");
        return svg.ToString();
    }

    private static string ColorOf(string implementation, IReadOnlyList<string> implementations)
    {
        if (s_colors.TryGetValue(implementation, out string? color))
        {
            return color;
        }

        int unknown = implementations.Where(id => !s_colors.ContainsKey(id)).ToList().IndexOf(implementation);
        return s_extraColors[unknown % s_extraColors.Length];
    }

    private static string? DashOf(string implementation, bool isBaseline) =>
        isBaseline ? "8 4" : implementation == ImplementationIds.Floor ? "2 3" : null;

    private static void DrawLegend(StringBuilder svg, List<string> implementations, List<ResultRow> rows)
    {
        int y = TimePlotTop + 10;
        svg.Append(s_invariant, $"<text x=\"{LegendLeft}\" y=\"{y}\" font-weight=\"bold\">implementation</text>\n");
        foreach (string id in implementations)
        {
            y += 22;
            bool isBaseline = rows.Any(r => r.Implementation == id && r.IsBaseline);
            string color = ColorOf(id, implementations);
            string dash = DashOf(id, isBaseline) is { } d ? $" stroke-dasharray=\"{d}\"" : string.Empty;
            svg.Append(s_invariant, $"<line x1=\"{LegendLeft}\" y1=\"{y - 4}\" x2=\"{LegendLeft + 28}\" y2=\"{y - 4}\" stroke=\"{color}\" stroke-width=\"2.5\"{dash}/>\n");
            svg.Append(s_invariant, $"<circle cx=\"{LegendLeft + 14}\" cy=\"{y - 4}\" r=\"3.5\" fill=\"{color}\"/>\n");
            svg.Append(s_invariant, $"<text x=\"{LegendLeft + 36}\" y=\"{y}\">{Escape(id)}{(isBaseline ? " (baseline)" : string.Empty)}</text>\n");
        }
    }

    private static string Escape(string text) =>
        text.Replace("&", "&amp;", StringComparison.Ordinal)
            .Replace("<", "&lt;", StringComparison.Ordinal)
            .Replace(">", "&gt;", StringComparison.Ordinal)
            .Replace("\"", "&quot;", StringComparison.Ordinal);

    private static string F(double value) => value.ToString("0.#", s_invariant);

    /// <summary>Draws log-scale panels over one fixed set of parameters and implementations.</summary>
    private sealed class Panel(StringBuilder svg, List<string> parameters, List<string> implementations, List<ResultRow> rows)
    {
        private double Slot => (PlotRight - PlotLeft) / (double)parameters.Count;

        public void Draw(string title, int top, int height, Func<ResultRow, double?> value, Func<int, string> decadeLabel, string? zeroLabel)
        {
            int bottom = top + height;
            var values = rows.Select(value).Where(v => v is not null).Select(v => v!.Value).ToList();
            var positives = values.Where(v => v > 0).ToList();
            bool hasZero = zeroLabel is not null && values.Any(v => v <= 0);
            int lo = positives.Count > 0 ? (int)Math.Floor(Math.Log10(positives.Min())) : 0;
            int hi = positives.Count > 0 ? (int)Math.Ceiling(Math.Log10(positives.Max())) : 1;
            if (hi <= lo)
            {
                hi = lo + 1;
            }

            // Zero cannot sit on a log axis: it gets its own lane under the lowest decade.
            int logBottom = hasZero ? bottom - ZeroLane : bottom;
            double Y(double v) => v <= 0 ? bottom - 8 : logBottom - ((Math.Log10(v) - lo) / (hi - lo) * (logBottom - top));

            svg.Append(s_invariant, $"<text x=\"{PlotLeft}\" y=\"{top - 12}\" font-size=\"14\" font-weight=\"bold\">{Escape(title)}</text>\n");
            svg.Append(s_invariant, $"<rect x=\"{PlotLeft}\" y=\"{top}\" width=\"{PlotRight - PlotLeft}\" height=\"{height}\" fill=\"none\" stroke=\"#888\"/>\n");
            for (int decade = lo; decade <= hi; decade++)
            {
                double y = Y(Math.Pow(10, decade));
                svg.Append(s_invariant, $"<line x1=\"{PlotLeft}\" y1=\"{F(y)}\" x2=\"{PlotRight}\" y2=\"{F(y)}\" stroke=\"#ddd\"/>\n");
                svg.Append(s_invariant, $"<text x=\"{PlotLeft - 6}\" y=\"{F(y + 4)}\" text-anchor=\"end\">{Escape(decadeLabel(decade))}</text>\n");
            }

            if (hasZero)
            {
                svg.Append(s_invariant, $"<line x1=\"{PlotLeft}\" y1=\"{bottom - 18}\" x2=\"{PlotRight}\" y2=\"{bottom - 18}\" stroke=\"#bbb\" stroke-dasharray=\"3 3\"/>\n");
                svg.Append(s_invariant, $"<text x=\"{PlotLeft - 6}\" y=\"{bottom - 4}\" text-anchor=\"end\">{Escape(zeroLabel!)}</text>\n");
            }

            DrawParameterAxis(bottom);

            for (int k = 0; k < implementations.Count; k++)
            {
                string id = implementations[k];
                // Offset each line a little so equal values (e.g. 0 B for every pooled type) stay distinguishable.
                double offset = (k - ((implementations.Count - 1) / 2.0)) * 3;
                var points = new List<(double X, double Y, ResultRow Row)>();
                for (int p = 0; p < parameters.Count; p++)
                {
                    var row = rows.FirstOrDefault(r => r.Implementation == id && r.Parameter == parameters[p]);
                    if (row is not null && value(row) is { } v)
                    {
                        points.Add((PlotLeft + ((p + 0.5) * Slot) + offset, Y(v), row));
                    }
                }

                if (points.Count == 0)
                {
                    continue;
                }

                string color = ColorOf(id, implementations);
                bool isBaseline = points.Any(pt => pt.Row.IsBaseline);
                string dash = DashOf(id, isBaseline) is { } d ? $" stroke-dasharray=\"{d}\"" : string.Empty;
                string polyline = string.Join(" ", points.Select(pt => $"{F(pt.X)},{F(pt.Y)}"));
                svg.Append(s_invariant, $"<polyline data-implementation=\"{Escape(id)}\" points=\"{polyline}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"2\"{dash}/>\n");
                foreach (var pt in points)
                {
                    string tip = $"{id} @ {pt.Row.Parameter}: {Units.Time(pt.Row.TimeNs)}, {Units.Bytes(pt.Row.AllocatedBytes)} allocated";
                    svg.Append(s_invariant, $"<circle cx=\"{F(pt.X)}\" cy=\"{F(pt.Y)}\" r=\"3.5\" fill=\"{color}\"><title>{Escape(tip)}</title></circle>\n");
                }
            }
        }

        private void DrawParameterAxis(int bottom)
        {
            int longest = parameters.Max(p => p.Length);
            // Roughly 6.5 px per character at 12 px: rotate the labels when they would collide.
            bool rotate = longest * 6.5 > Slot - 6;
            for (int p = 0; p < parameters.Count; p++)
            {
                double x = PlotLeft + ((p + 0.5) * Slot);
                svg.Append(s_invariant, $"<line x1=\"{F(x)}\" y1=\"{bottom}\" x2=\"{F(x)}\" y2=\"{bottom + 5}\" stroke=\"#888\"/>\n");
                string label = Escape(parameters[p]);
                if (rotate)
                {
                    svg.Append(s_invariant, $"<text x=\"{F(x)}\" y=\"{bottom + 18}\" text-anchor=\"end\" transform=\"rotate(-25 {F(x)} {bottom + 18})\">{label}</text>\n");
                }
                else
                {
                    svg.Append(s_invariant, $"<text x=\"{F(x)}\" y=\"{bottom + 20}\" text-anchor=\"middle\">{label}</text>\n");
                }
            }
        }
    }
}

using System;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Xml.Linq;
using Eddy.Benchmarks.Harness;

namespace Eddy.Benchmarks.Tests;

/// <summary>The parts of the harness that turn measurements into tables, summary.json and charts.</summary>
public class HarnessTests
{
    private static readonly ResultRow[] s_rows =
    [
        new("k4os", "128 B", ImplementationIds.MemoryStream, IsBaseline: true, TimeNs: 50, AllocatedBytes: 400, Gen0: 0.04, Gen1: 0, Gen2: 0),
        new("k4os", "128 B", ImplementationIds.RecyclableMemoryStream, false, 250, 280, 0.03, 0, 0),
        new("k4os", "128 B", ImplementationIds.Floor, false, 10, 0, 0, 0, 0),
        new("k4os", "128 MiB", ImplementationIds.MemoryStream, true, 120e6, 400L << 20, 4800, 4800, 4800),
        new("k4os", "128 MiB", ImplementationIds.RecyclableMemoryStream, false, 30e6, 1200, 500, 31.25, 0),
        new("k4os", "128 MiB", ImplementationIds.Floor, false, 20e6, 0, 0, 0, 0),
        new("fixed-pool", "Count=1", ImplementationIds.ArrayPoolShared, true, 14, 0, 0, 0, 0),
        new("fixed-pool", "Count=1", ImplementationIds.NewArray, false, 28, 152, 0.0085, 0, 0),
        new("orphan", "x", "Other", false, 5, null, 0, 0, 0),
    ];

    [Fact]
    public void Ratios_compare_with_the_baseline_and_the_floor_of_the_same_workload_and_parameter()
    {
        var rows = ResultRows.WithRatios(s_rows);

        var recyclableLarge = rows.Single(r => r.Parameter == "128 MiB" && r.Implementation == ImplementationIds.RecyclableMemoryStream);
        Assert.Equal(0.25, recyclableLarge.RatioToBaseline!.Value, 6);
        Assert.Equal(1.5, recyclableLarge.RatioToFloor!.Value, 6);
        var newArray = rows.Single(r => r.Implementation == ImplementationIds.NewArray);
        Assert.Equal(2.0, newArray.RatioToBaseline!.Value, 6);
        Assert.Null(newArray.RatioToFloor);
        var orphan = rows.Single(r => r.Workload == "orphan");
        Assert.Null(orphan.RatioToBaseline);
        Assert.Equal(s_rows.Select(r => r.Implementation), rows.Select(r => r.Implementation));
    }

    [Fact]
    public void Summary_json_is_an_array_of_objects_with_the_documented_fields()
    {
        var rows = ResultRows.WithRatios(s_rows);
        using var stream = new MemoryStream();
        SummaryJsonWriter.Write(stream, rows);

        using var document = JsonDocument.Parse(stream.ToArray());
        Assert.Equal(JsonValueKind.Array, document.RootElement.ValueKind);
        Assert.Equal(rows.Count, document.RootElement.GetArrayLength());
        var first = document.RootElement[0];
        Assert.Equal("k4os", first.GetProperty("workload").GetString());
        Assert.Equal("128 B", first.GetProperty("parameter").GetString());
        Assert.Equal("MemoryStream", first.GetProperty("implementation").GetString());
        Assert.Equal(50, first.GetProperty("time_ns").GetDouble());
        Assert.Equal("median", first.GetProperty("statistic").GetString());
        Assert.Equal(400, first.GetProperty("allocated_bytes").GetInt64());
        Assert.Equal(0.04, first.GetProperty("gen0").GetDouble());
        Assert.Equal(1.0, first.GetProperty("ratio_to_baseline").GetDouble());
        Assert.Equal(5.0, first.GetProperty("ratio_to_floor").GetDouble());
        var orphan = document.RootElement[rows.Count - 1];
        Assert.Equal(JsonValueKind.Null, orphan.GetProperty("allocated_bytes").ValueKind);
        Assert.Equal(JsonValueKind.Null, orphan.GetProperty("ratio_to_baseline").ValueKind);
    }

    [Fact]
    public void Chart_is_valid_svg_with_one_line_per_implementation_in_each_panel_and_labelled_units()
    {
        var rows = ResultRows.WithRatios(s_rows);
        string svg = SvgChartWriter.Render("k4os", rows);

        var document = XDocument.Parse(svg);
        XNamespace ns = "http://www.w3.org/2000/svg";
        Assert.Equal(ns + "svg", document.Root!.Name);
        var lines = document.Descendants(ns + "polyline").Select(p => (string?)p.Attribute("data-implementation")).ToList();
        string[] implementations = [ImplementationIds.MemoryStream, ImplementationIds.RecyclableMemoryStream, ImplementationIds.Floor];
        foreach (string id in implementations)
        {
            Assert.Equal(2, lines.Count(l => l == id)); // time panel and allocation panel
        }

        var texts = document.Descendants(ns + "text").Select(t => t.Value).ToList();
        Assert.Contains("MemoryStream (baseline)", texts);
        Assert.Contains("RecyclableMemoryStream", texts);
        Assert.Contains("128 MiB", texts);
        Assert.Contains(texts, t => t.EndsWith(" ns", StringComparison.Ordinal));
        Assert.Contains(texts, t => t.EndsWith(" ms", StringComparison.Ordinal));
        Assert.Contains(texts, t => t.EndsWith(" MB", StringComparison.Ordinal));
        Assert.Contains("0 B", texts); // the Floor allocates nothing: drawn in the zero lane, not lost off a log axis
        Assert.DoesNotContain(texts, t => t.Contains("fixed-pool", StringComparison.Ordinal));
        Assert.Contains(texts, t => t.Contains("time per operation (median iteration)", StringComparison.Ordinal));
    }

    [Fact]
    public void Quick_runs_report_the_fastest_half_and_full_runs_the_median()
    {
        Assert.Equal(TimeStatistic.FastestHalf, TimeStatistics.For(quick: true));
        Assert.Equal(TimeStatistic.Median, TimeStatistics.For(quick: false));
        Assert.Equal("mean of the fastest half of iterations", TimeStatistics.Describe(TimeStatistic.FastestHalf));
        Assert.Equal("median iteration", TimeStatistics.Describe(TimeStatistic.Median));
        Assert.Equal("fastest-half", TimeStatistics.Id(TimeStatistic.FastestHalf));
        Assert.Equal("median", TimeStatistics.Id(TimeStatistic.Median));
        Assert.Equal(TimeStatistic.FastestHalf, TimeStatistics.Parse("fastest-half"));
        Assert.Equal(TimeStatistic.Median, TimeStatistics.Parse("median"));
        Assert.Throws<FormatException>(() => TimeStatistics.Parse("fastest"));

        var quickRows = s_rows.Select(r => r with { Statistic = TimeStatistic.FastestHalf }).ToList();
        var texts = XDocument.Parse(SvgChartWriter.Render("k4os", quickRows)).Descendants().Select(e => e.Value).ToList();
        Assert.Contains(texts, t => t.Contains("time per operation (mean of the fastest half of iterations)", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData(new[] { 7.0, 5.0, 9.0, 6.0, 8.0, 4.0 }, 5.0)] // fastest 3 of 6: 4, 5, 6
    [InlineData(new[] { 10.0, 2.0, 4.0, 30.0, 6.0 }, 4.0)] // fastest 3 of 5: 2, 4, 6
    [InlineData(new[] { 3.0, 1.0 }, 1.0)] // fastest 1 of 2
    [InlineData(new[] { 42.0 }, 42.0)]
    [InlineData(new[] { 5.3, 8.4, 8.3, 6.4, 7.8, 7.3 }, (5.3 + 6.4 + 7.3) / 3)] // one lucky iteration is not the row
    public void Fastest_half_is_the_mean_of_the_fastest_half_rounded_up(double[] times, double expected)
    {
        Assert.Equal(expected, TimeStatistics.FastestHalfMean(times), 12);
        Assert.InRange(TimeStatistics.FastestHalfMean(times), times.Min(), Median(times));
    }

    [Fact]
    public void Fastest_half_of_nothing_is_refused()
    {
        var empty = Assert.Throws<ArgumentException>(() => TimeStatistics.FastestHalfMean([]));
        Assert.Equal("iterationTimes", empty.ParamName);
        Assert.Contains("no measured iterations", empty.Message, StringComparison.Ordinal);
        Assert.Equal("iterationTimes", Assert.Throws<ArgumentNullException>(() => TimeStatistics.FastestHalfMean(null!)).ParamName);
    }

    private static double Median(double[] values)
    {
        double[] sorted = values.Order().ToArray();
        int middle = sorted.Length / 2;
        return sorted.Length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    [Fact]
    public void Chart_of_an_unknown_workload_is_refused()
    {
        Assert.Throws<ArgumentException>(() => SvgChartWriter.Render("nope", s_rows));
    }

    [Fact]
    public void Text_table_shows_each_workload_with_a_floor_column_only_where_there_is_a_floor()
    {
        var rows = ResultRows.WithRatios(s_rows);
        var output = new StringWriter();
        ComparisonTable.WriteText(output, rows);
        string[] lines = output.ToString().Split('\n').Select(l => l.TrimEnd('\r')).ToArray();

        int k4os = Array.IndexOf(lines, "[k4os]");
        int fixedPool = Array.IndexOf(lines, "[fixed-pool]");
        Assert.True(k4os >= 0 && fixedPool > k4os);
        Assert.Contains("vs Floor", lines[k4os + 1], StringComparison.Ordinal);
        Assert.DoesNotContain("vs Floor", lines[fixedPool + 1], StringComparison.Ordinal);
        string recyclable = lines.Single(l => l.Contains("RecyclableMemoryStream", StringComparison.Ordinal) && l.Contains("30.00 ms", StringComparison.Ordinal));
        Assert.Contains("0.25", recyclable, StringComparison.Ordinal);
        Assert.Contains("1.50", recyclable, StringComparison.Ordinal);
        Assert.Contains(lines, l => l.Contains("MemoryStream (baseline)", StringComparison.Ordinal) && l.Contains("400 MiB", StringComparison.Ordinal));
    }

    [Fact]
    public void Markdown_table_has_a_heading_header_and_one_row_per_result()
    {
        var rows = ResultRows.WithRatios(s_rows);
        var output = new StringWriter();
        ComparisonTable.WriteMarkdown(output, rows);
        string markdown = output.ToString();

        Assert.Contains("### [k4os]", markdown, StringComparison.Ordinal);
        Assert.Contains("| Parameter | Implementation | Time | Allocated | Gen0 | Gen1 | Gen2 | vs baseline | vs Floor |", markdown, StringComparison.Ordinal);
        int tableRows = markdown.Split('\n').Count(l => l.StartsWith("| ", StringComparison.Ordinal) && !l.StartsWith("| Parameter", StringComparison.Ordinal));
        Assert.Equal(s_rows.Length, tableRows);
    }

    [Theory]
    [InlineData(0, "0 B")]
    [InlineData(100, "100 B")]
    [InlineData(128, "128 B")]
    [InlineData(1_000, "1 KB")]
    [InlineData(65_536, "64 KiB")]
    [InlineData(1_000_000, "1 MB")]
    [InlineData(128L << 20, "128 MiB")]
    [InlineData(1L << 30, "1 GiB")]
    public void Sizes_print_as_the_seeds_name_them(long bytes, string expected)
    {
        Assert.Equal(expected, TestData.FormatSize(bytes));
    }

    [Fact]
    public void Parameters_print_sizes_by_name_and_the_rest_as_name_equals_value()
    {
        Assert.Equal("64 KiB", ParameterText.Format([("Bytes", 65_536)]));
        Assert.Equal("5 tasks, 1 KB", ParameterText.Format([("ParallelNum", 5), ("DataSize", 1_000)]));
        Assert.Equal("Count=64", ParameterText.Format([("Count", 64)]));
        Assert.Equal("WriteByte", ParameterText.Format([("Pattern", Eddy.Benchmarks.Workloads.SmallWritePattern.WriteByte)]));
        Assert.Equal("-", ParameterText.Format([]));
    }

    [Theory]
    [InlineData(12.345, "12.35 ns")]
    [InlineData(1_500, "1.50 µs")]
    [InlineData(2_500_000, "2.50 ms")]
    [InlineData(3e9, "3.00 s")]
    public void Times_print_with_their_unit(double nanoseconds, string expected)
    {
        Assert.Equal(expected, Units.Time(nanoseconds));
    }

    [Fact]
    public void Test_data_is_deterministic_and_not_uniform()
    {
        byte[] a = TestData.Bytes(4096);
        Assert.Equal(a, TestData.Bytes(4096));
        Assert.True(a.Distinct().Count() > 200);
    }

    [Fact]
    public void Artifacts_are_summary_json_summary_md_and_one_svg_per_workload()
    {
        string directory = Path.Combine(Path.GetTempPath(), "eddy-bench-" + Guid.NewGuid().ToString("N"));
        try
        {
            var written = ArtifactWriter.WriteAll(directory, ResultRows.WithRatios(s_rows));

            string[] names = written.Select(Path.GetFileName).ToArray()!;
            Assert.Equal(["summary.json", "summary.md", "k4os.svg", "fixed-pool.svg", "orphan.svg"], names);
            Assert.All(written, path => Assert.True(new FileInfo(path).Length > 0));
            Assert.StartsWith("<svg", File.ReadAllText(Path.Combine(directory, "k4os.svg"), Encoding.UTF8), StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }
}

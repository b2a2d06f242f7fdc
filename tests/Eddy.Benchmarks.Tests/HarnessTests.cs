using System;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Xml.Linq;
using Eddy.Benchmarks.Harness;
using Eddy.Benchmarks.Workloads;

namespace Eddy.Benchmarks.Tests;

/// <summary>The parts of the harness that turn BenchmarkDotNet's export into the pivot tables, summary.json and charts.</summary>
public class HarnessTests
{
    private static readonly ResultRow[] s_rows =
    [
        new("k4os", "128 B", ImplementationIds.MemoryStream, IsBaseline: true, TimeNs: 50, AllocatedBytes: 400, Gen0: 0.04, Gen1: 0, Gen2: 0, Size: 128),
        new("k4os", "128 B", ImplementationIds.RecyclableMemoryStream, false, 250, 280, 0.03, 0, 0, 128),
        new("k4os", "128 B", ImplementationIds.Eddy, false, 40, 56, 0, 0, 0, 128),
        new("k4os", "128 B", ImplementationIds.Floor, false, 10, 0, 0, 0, 0, 128),
        new("k4os", "128 MiB", ImplementationIds.MemoryStream, true, 120e6, 400L << 20, 4800, 4800, 4800, 128 << 20),
        new("k4os", "128 MiB", ImplementationIds.RecyclableMemoryStream, false, 30e6, 1200, 500, 31.25, 0, 128 << 20),
        new("k4os", "128 MiB", ImplementationIds.Eddy, false, 33e6, 0, 0, 0, 0, 128 << 20),
        new("k4os", "128 MiB", ImplementationIds.EddySegmented, false, 27e6, 0, 0, 0, 0, 128 << 20),
        new("k4os", "128 MiB", ImplementationIds.Floor, false, 20e6, 0, 0, 0, 0, 128 << 20),
        new("layout", "K4os64KiB", ImplementationIds.EddySpreadBlocks, true, 1000, 0, 0, 0, 0),
        new("layout", "K4os64KiB", ImplementationIds.EddyBackToBackBlocks, false, 1100, 0, 0, 0, 0),
    ];

    [Fact]
    public void Eddys_rows_compare_with_the_fastest_rival_and_every_row_with_the_baseline()
    {
        var rows = Comparison.WithRatios(s_rows);

        var eddySmall = rows.Single(r => r.Parameter == "128 B" && r.Implementation == ImplementationIds.Eddy);
        Assert.Equal(0.8, eddySmall.RatioToFastestRival!.Value, 6); // MemoryStream, not the faster Floor
        Assert.Equal(ImplementationIds.MemoryStream, eddySmall.FastestRival);
        Assert.Equal(0.8, eddySmall.RatioToBaseline!.Value, 6);
        var eddyLarge = rows.Single(r => r.Parameter == "128 MiB" && r.Implementation == ImplementationIds.Eddy);
        Assert.Equal(1.1, eddyLarge.RatioToFastestRival!.Value, 6); // RecyclableMemoryStream, not Eddy-segmented
        Assert.Equal(0.9, rows.Single(r => r.Implementation == ImplementationIds.EddySegmented).RatioToFastestRival!.Value, 6);
        Assert.All(rows.Where(r => !r.IsEddy), r => Assert.Null(r.RatioToFastestRival));
        Assert.All(rows.Where(r => r.Workload == "layout"), r => Assert.Null(r.RatioToFastestRival)); // Eddy against itself
        Assert.Equal(1.1, rows.Single(r => r.Implementation == ImplementationIds.EddyBackToBackBlocks).RatioToBaseline!.Value, 6);
        Assert.Equal(s_rows.Select(r => r.Implementation), rows.Select(r => r.Implementation));
    }

    [Fact]
    public void Markdown_has_a_table_per_workload_a_line_per_parameter_and_a_column_per_implementation()
    {
        var output = new StringWriter();
        Comparison.WriteMarkdown(output, Comparison.WithRatios(s_rows));
        string[] lines = output.ToString().Split('\n').Select(l => l.TrimEnd('\r')).ToArray();

        int k4os = Array.IndexOf(lines, "### [k4os]");
        Assert.Equal(
            "| parameter | MemoryStream (baseline) | RecyclableMemoryStream | Eddy | Floor | Eddy-segmented | Eddy / fastest rival |",
            lines[k4os + 2]);
        Assert.Equal("|---|---:|---:|---:|---:|---:|---|", lines[k4os + 3]);
        Assert.Equal(
            "| 128 B | 50.0 ns, 400 B [1.00×] | 250.0 ns, 280 B [5.00×] | 40.0 ns, 56 B [0.80×] | 10.0 ns, 0 B [0.20×] | - | Eddy **0.80×** (MemoryStream) |",
            lines[k4os + 4]);
        Assert.StartsWith("| 128 MiB | 120.00 ms, 400 MiB [1.00×] |", lines[k4os + 5], StringComparison.Ordinal);
        Assert.EndsWith("| Eddy **1.10×** (RecyclableMemoryStream); Eddy-segmented **0.90×** (RecyclableMemoryStream) |", lines[k4os + 5], StringComparison.Ordinal);
        int layout = Array.IndexOf(lines, "### [layout]");
        Assert.Equal("| parameter | Eddy-spread-blocks (baseline) | Eddy-back-to-back-blocks |", lines[layout + 2]);
    }

    [Fact]
    public void Summary_json_is_an_array_of_rows_with_the_documented_fields()
    {
        using var stream = new MemoryStream();
        Comparison.WriteJson(stream, Comparison.WithRatios(s_rows));

        using var document = JsonDocument.Parse(stream.ToArray());
        Assert.Equal(s_rows.Length, document.RootElement.GetArrayLength());
        var eddy = document.RootElement[2];
        Assert.Equal("k4os", eddy.GetProperty("workload").GetString());
        Assert.Equal("128 B", eddy.GetProperty("parameter").GetString());
        Assert.Equal("Eddy", eddy.GetProperty("implementation").GetString());
        Assert.False(eddy.GetProperty("is_baseline").GetBoolean());
        Assert.Equal(40, eddy.GetProperty("time_ns").GetDouble());
        Assert.Equal(56, eddy.GetProperty("allocated_bytes").GetInt64());
        Assert.Equal(0.8, eddy.GetProperty("ratio_to_baseline").GetDouble(), 6);
        Assert.Equal(0.8, eddy.GetProperty("ratio_to_fastest_rival").GetDouble(), 6);
        Assert.Equal("MemoryStream", eddy.GetProperty("fastest_rival").GetString());
        Assert.Equal(JsonValueKind.Null, document.RootElement[0].GetProperty("ratio_to_fastest_rival").ValueKind);
        Assert.Equal(0.03, document.RootElement[1].GetProperty("gen0").GetDouble());
        Assert.Equal(128, eddy.GetProperty("size").GetInt64());
    }

    [Fact]
    public void A_chart_is_svg_with_every_implementation_in_its_legend_and_sizes_and_decades_on_its_axes()
    {
        var svg = XDocument.Parse(Charts.Svg("k4os", Comparison.WithRatios(s_rows)));

        Assert.Equal("svg", svg.Root!.Name.LocalName);
        var texts = svg.Descendants().Where(e => e.Name.LocalName == "text").Select(e => e.Value.Trim()).ToList();
        Assert.Contains("MemoryStream (baseline)", texts);
        Assert.Contains("Eddy-segmented", texts);
        Assert.Contains("128 MiB", texts);
        Assert.Contains("100 ns", texts); // times from 10 ns to 120 ms: a log axis labelled by decades
        Assert.Contains("10 ms", texts);
        Assert.DoesNotContain(texts, t => t.Contains("layout", StringComparison.Ordinal));
    }

    [Fact]
    public void A_chart_of_a_workload_without_rows_is_refused()
    {
        Assert.Equal("workload", Assert.Throws<ArgumentException>(() => Charts.Svg("nope", s_rows)).ParamName);
    }

    [Fact]
    public void Exported_parameters_read_back_as_the_types_of_the_class()
    {
        var parallel = ReportReader.Parameters(typeof(StreamLifecycleParallelBenchmarks), "ParallelNum=5&DataSize=1,000");
        Assert.Equal([("ParallelNum", (object?)5), ("DataSize", 1_000)], parallel);
        Assert.Equal("5 tasks, 1 KB", ReportReader.FormatParameters(parallel));

        var pattern = ReportReader.Parameters(typeof(StreamSmallWritesBenchmarks), "Pattern=Write6Span");
        Assert.Equal(SmallWritePattern.Write6Span, pattern.Single().Value);
        Assert.Empty(ReportReader.Parameters(typeof(FixedPoolBenchmarks), ""));
    }

    [Theory]
    [InlineData(0, "0 B")]
    [InlineData(100, "100 B")]
    [InlineData(1_000, "1 KB")]
    [InlineData(65_536, "64 KiB")]
    [InlineData(1_000_000, "1 MB")]
    [InlineData(128L << 20, "128 MiB")]
    [InlineData(1L << 30, "1 GiB")]
    public void Sizes_print_as_the_rival_libraries_name_them(long bytes, string expected)
    {
        Assert.Equal(expected, TestData.FormatSize(bytes));
    }

    [Fact]
    public void Parameters_print_sizes_by_name_and_the_rest_as_name_equals_value()
    {
        Assert.Equal("64 KiB", ReportReader.FormatParameters([("Bytes", 65_536)]));
        Assert.Equal("Count=64", ReportReader.FormatParameters([("Count", 64)]));
        Assert.Equal("WriteByte", ReportReader.FormatParameters([("Pattern", SmallWritePattern.WriteByte)]));
        Assert.Equal("-", ReportReader.FormatParameters([]));
    }

    [Theory]
    [InlineData(12.345, "12.3 ns")]
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
}

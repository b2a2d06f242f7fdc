using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Text.Json;
using Eddy.Benchmarks.Harness;
using Eddy.Benchmarks.Workloads;

namespace Eddy.Benchmarks.Tests;

/// <summary>Quick mode's one process per workload class: the child's command line and the rows it hands back.</summary>
public class IsolatedWorkloadsTests
{
    private static readonly ResultRow[] s_rows =
    [
        new("k4os", "128 B", ImplementationIds.MemoryStream, IsBaseline: true, TimeNs: 35.812345678901234, AllocatedBytes: 344, Gen0: 0.082, Gen1: 0, Gen2: 0, RatioToBaseline: 1, RatioToFloor: 3.3456),
        new("k4os", "128 B", ImplementationIds.Eddy, false, 30.5, 72, 0.017, 0.001, 0.0005, 0.85, 2.85),
        new("orphan", "x", "Other", false, 5e9, null, 1234.5, 12.25, 3, null, null),
        new("k4os", "64 KiB", ImplementationIds.Eddy, false, 1250.5, 72, 0, 0, 0, 0.3, 1.1, TimeStatistic.FastestHalf),
    ];

    [Fact]
    public void Rows_written_by_the_child_read_back_unchanged()
    {
        using var stream = new MemoryStream();
        SummaryJsonWriter.Write(stream, s_rows);
        stream.Position = 0;

        Assert.Equal(s_rows, SummaryJsonReader.Read(stream));
    }

    [Fact]
    public void A_summary_that_is_not_an_array_of_rows_is_refused()
    {
        using var notArray = new MemoryStream(Encoding.UTF8.GetBytes("{\"workload\": \"k4os\"}"));
        var error = Assert.Throws<JsonException>(() => SummaryJsonReader.Read(notArray));
        Assert.Contains("not a JSON array", error.Message, StringComparison.Ordinal);

        using var unknownStatistic = new MemoryStream();
        SummaryJsonWriter.Write(unknownStatistic, [s_rows[0]]);
        string text = Encoding.UTF8.GetString(unknownStatistic.ToArray()).Replace("\"median\"", "\"mean\"", StringComparison.Ordinal);
        var badStatistic = Assert.Throws<FormatException>(() => SummaryJsonReader.Read(new MemoryStream(Encoding.UTF8.GetBytes(text))));
        Assert.Contains("'mean' is not a time statistic", badStatistic.Message, StringComparison.Ordinal);

        using var missingField = new MemoryStream(Encoding.UTF8.GetBytes("[{\"workload\": \"k4os\"}]"));
        Assert.Throws<System.Collections.Generic.KeyNotFoundException>(() => SummaryJsonReader.Read(missingField));
    }

    [Fact]
    public void The_child_gets_its_class_its_rows_file_and_the_parents_measurement_settings_only()
    {
        string[] parent = ["--quick", "--no-force-gc", GcBudget.DefaultGcArgument, "--filter", "*"];

        var child = IsolatedWorkloads.ChildArguments(typeof(StreamWrite2KBenchmarks), "/tmp/rows.json", parent);

        Assert.Equal(
            ["--quick", IsolatedWorkloads.WorkloadArgument, typeof(StreamWrite2KBenchmarks).FullName!, IsolatedWorkloads.RowsArgument, "/tmp/rows.json", IsolatedWorkloads.ProcessArgument, "1/1", "--no-force-gc", GcBudget.DefaultGcArgument],
            child);
        Assert.Equal(
            ["--quick", IsolatedWorkloads.WorkloadArgument, typeof(StreamWrite2KBenchmarks).FullName!, IsolatedWorkloads.RowsArgument, "/tmp/rows.json", IsolatedWorkloads.ProcessArgument, "2/3"],
            IsolatedWorkloads.ChildArguments(typeof(StreamWrite2KBenchmarks), "/tmp/rows.json", ["--quick"], processIndex: 2, processCount: 3));
    }

    [Fact]
    public void The_child_reads_back_what_the_parent_passed()
    {
        var child = IsolatedWorkloads.ChildArguments(typeof(StreamLifecycleParallelBenchmarks), "rows.json", ["--quick", "--no-force-gc"], 3, 3).ToArray();

        Assert.True(IsolatedWorkloads.TryParseChild(child, out Type? workload, out string? rowsPath));
        Assert.Equal(typeof(StreamLifecycleParallelBenchmarks), workload);
        Assert.Equal("rows.json", rowsPath);
        var orderer = IsolatedWorkloads.OrdererOf(child);
        Assert.Equal((3, 3), (orderer.ProcessIndex, orderer.ProcessCount));
        Assert.Equal(["--quick", "--no-force-gc"], IsolatedWorkloads.WithoutChildArguments(child));
        Assert.False(IsolatedWorkloads.IsExtraCasesChild(child));
    }

    [Fact]
    public void An_extra_process_is_flagged_to_its_child_and_the_flag_is_taken_out_with_the_child_s_pairs()
    {
        var child = IsolatedWorkloads.ChildArguments(typeof(StreamWriteReadBenchmarks), "rows.json", ["--quick", "--no-force-gc"], 2, 2, extraCasesOnly: true).ToArray();

        Assert.Equal(
            ["--quick", IsolatedWorkloads.WorkloadArgument, typeof(StreamWriteReadBenchmarks).FullName!, IsolatedWorkloads.RowsArgument, "rows.json", IsolatedWorkloads.ProcessArgument, "2/2", IsolatedWorkloads.ExtraCasesArgument, "--no-force-gc"],
            child);
        Assert.True(IsolatedWorkloads.IsExtraCasesChild(child));
        Assert.True(IsolatedWorkloads.TryParseChild(child, out Type? workload, out string? rowsPath));
        Assert.Equal((typeof(StreamWriteReadBenchmarks), "rows.json"), (workload, rowsPath));
        Assert.Equal((2, 2), (IsolatedWorkloads.OrdererOf(child).ProcessIndex, IsolatedWorkloads.OrdererOf(child).ProcessCount));
        Assert.Equal(["--quick", "--no-force-gc"], IsolatedWorkloads.WithoutChildArguments(child));
        Assert.Equal("args", Assert.Throws<ArgumentNullException>(() => IsolatedWorkloads.IsExtraCasesChild(null!)).ParamName);
    }

    [Fact]
    public void Every_workload_class_can_be_named_to_a_child()
    {
        foreach (Type type in WorkloadCatalog.WorkloadTypes())
        {
            Assert.True(IsolatedWorkloads.TryParseChild([IsolatedWorkloads.WorkloadArgument, type.FullName!, IsolatedWorkloads.RowsArgument, "r.json"], out Type? workload, out _));
            Assert.Same(type, workload);
        }
    }

    [Fact]
    public void A_parent_command_line_is_no_child()
    {
        Assert.False(IsolatedWorkloads.TryParseChild(["--quick", "--filter", "*Binary*"], out Type? workload, out string? rowsPath));
        Assert.Null(workload);
        Assert.Null(rowsPath);
    }

    [Theory]
    [InlineData(new[] { IsolatedWorkloads.WorkloadArgument, "Eddy.Benchmarks.Workloads.StreamWrite2KBenchmarks" }, "go together")]
    [InlineData(new[] { IsolatedWorkloads.RowsArgument, "r.json" }, "go together")]
    [InlineData(new[] { IsolatedWorkloads.RowsArgument, "r.json", IsolatedWorkloads.WorkloadArgument }, "needs a value")]
    [InlineData(new[] { IsolatedWorkloads.WorkloadArgument, "Eddy.Benchmarks.Micro.NotThere", IsolatedWorkloads.RowsArgument, "r.json" }, "is not a workload class")]
    [InlineData(new[] { IsolatedWorkloads.WorkloadArgument, "Eddy.Benchmarks.Harness.GcBudget", IsolatedWorkloads.RowsArgument, "r.json" }, "is not a workload class")]
    public void A_malformed_child_command_line_is_refused(string[] args, string message)
    {
        var error = Assert.Throws<ArgumentException>(() => IsolatedWorkloads.TryParseChild(args, out _, out _));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
        Assert.Equal("args", error.ParamName);
    }

    [Theory]
    [InlineData("1/1", 1, 1)]
    [InlineData("1/3", 1, 3)]
    [InlineData("3/3", 3, 3)]
    [InlineData("2/7", 2, 7)]
    public void Every_process_of_a_count_is_read_back(string value, int index, int count)
    {
        var orderer = IsolatedWorkloads.OrdererOf(["--quick", IsolatedWorkloads.ProcessArgument, value]);

        Assert.Equal((index, count), (orderer.ProcessIndex, orderer.ProcessCount));
    }

    [Fact]
    public void Null_arguments_are_refused()
    {
        Assert.Equal("args", Assert.Throws<ArgumentNullException>(() => IsolatedWorkloads.OrdererOf(null!)).ParamName);
        Assert.Equal("args", Assert.Throws<ArgumentNullException>(() => IsolatedWorkloads.TryParseChild(null!, out _, out _)).ParamName);
        Assert.Equal("args", Assert.Throws<ArgumentNullException>(() => IsolatedWorkloads.NeedsCallCountingDelayOff(null!, "0")).ParamName);
        Assert.Equal("runs", Assert.Throws<ArgumentNullException>(() => IsolatedWorkloads.MedianOfProcesses(null!)).ParamName);
        Assert.Equal("workload", Assert.Throws<ArgumentNullException>(() => IsolatedWorkloads.ChildArguments(null!, "r.json", [])).ParamName);
        Assert.Equal("parentArguments", Assert.Throws<ArgumentNullException>(() => IsolatedWorkloads.ChildArguments(typeof(StreamWrite2KBenchmarks), "r.json", null!)).ParamName);
    }

    [Fact]
    public void A_command_line_without_a_process_runs_in_the_default_order()
    {
        var orderer = IsolatedWorkloads.OrdererOf(["--quick", IsolatedWorkloads.WorkloadArgument, "X", IsolatedWorkloads.RowsArgument, "r.json"]);

        Assert.Equal((1, 1), (orderer.ProcessIndex, orderer.ProcessCount));
    }

    [Theory]
    [InlineData("0/3")]
    [InlineData("4/3")]
    [InlineData("1/0")]
    [InlineData("-1/3")]
    [InlineData("2")]
    [InlineData("2/3/4")]
    [InlineData("a/b")]
    [InlineData(" 1/2")]
    public void A_malformed_process_is_refused(string value)
    {
        var error = Assert.Throws<ArgumentException>(() => IsolatedWorkloads.OrdererOf([IsolatedWorkloads.ProcessArgument, value]));
        Assert.Contains($"takes \"index/count\" with 1 <= index <= count, not '{value}'", error.Message, StringComparison.Ordinal);
        Assert.Equal("args", error.ParamName);

        var missing = Assert.Throws<ArgumentException>(() => IsolatedWorkloads.OrdererOf(["--quick", IsolatedWorkloads.ProcessArgument]));
        Assert.Contains("needs a value", missing.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(0, 1)]
    [InlineData(1, 0)]
    [InlineData(3, 2)]
    public void The_parent_names_no_process_outside_its_count(int index, int count) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => IsolatedWorkloads.ChildArguments(typeof(StreamWrite2KBenchmarks), "r.json", [], index, count));

    [Fact]
    public void Each_row_keeps_its_median_process_whole_and_in_the_first_processes_order()
    {
        ResultRow Row(string parameter, string implementation, double timeNs, long allocated) =>
            new("pooledstream-parallel", parameter, implementation, implementation == ImplementationIds.MemoryStream, timeNs, allocated, Gen0: timeNs / 100, Gen1: 0, Gen2: 0);
        ResultRow[] first = [Row("5 tasks, 100 B", ImplementationIds.MemoryStream, 300, 10), Row("5 tasks, 100 B", ImplementationIds.Eddy, 410, 11), Row("10 tasks, 1 KB", ImplementationIds.Eddy, 600, 12)];
        ResultRow[] second = [Row("5 tasks, 100 B", ImplementationIds.Eddy, 260, 21), Row("5 tasks, 100 B", ImplementationIds.MemoryStream, 320, 20), Row("10 tasks, 1 KB", ImplementationIds.Eddy, 500, 22), Row("10 tasks, 50 KB", ImplementationIds.Eddy, 9, 23)];
        ResultRow[] third = [Row("5 tasks, 100 B", ImplementationIds.MemoryStream, 900, 30), Row("5 tasks, 100 B", ImplementationIds.Eddy, 300, 31), Row("10 tasks, 1 KB", ImplementationIds.Eddy, 700, 32), Row("10 tasks, 50 KB", ImplementationIds.Eddy, 7, 33)];

        var kept = IsolatedWorkloads.MedianOfProcesses([first, second, third]);

        // The middle of three by time, whichever process ran it; of two, the faster; of one, that one.
        Assert.Equal([second[1], third[1], first[2], third[3]], kept);
        Assert.Equal([first[0], second[0], second[2], second[3]], IsolatedWorkloads.MedianOfProcesses([first, second]));
        Assert.Equal(first, IsolatedWorkloads.MedianOfProcesses([first]));
        Assert.Empty(IsolatedWorkloads.MedianOfProcesses([]));
    }

    [Fact]
    public void One_process_fast_or_slow_for_one_implementation_does_not_decide_its_row()
    {
        ResultRow Row(string implementation, double timeNs) =>
            new("k4os", "128 MiB", implementation, implementation == ImplementationIds.MemoryStream, timeNs, 1024, Gen0: 0, Gen1: 0, Gen2: 0);
        IReadOnlyList<ResultRow>[] processes =
        [
            [Row(ImplementationIds.Eddy, 9.4e6), Row(ImplementationIds.K4osChunked, 10.1e6)],
            [Row(ImplementationIds.Eddy, 9.7e6), Row(ImplementationIds.K4osChunked, 14.1e6)],
            [Row(ImplementationIds.Eddy, 30e6), Row(ImplementationIds.K4osChunked, 14.0e6)],
        ];

        var kept = IsolatedWorkloads.MedianOfProcesses(processes);

        Assert.Equal([9.7e6, 14.0e6], kept.Select(r => r.TimeNs));
    }

    [Fact]
    public void The_rival_stream_workloads_buffer_writer_and_self_returning_run_in_three_to_five_processes_and_no_other_class_in_more_than_one()
    {
        var processes = WorkloadCatalog.WorkloadTypes().ToDictionary(
            t => t.GetCustomAttribute<WorkloadAttribute>()!.Id,
            t => t.GetCustomAttribute<WorkloadAttribute>()!.QuickProcesses);

        Assert.Equal(4, processes["pooledstream-parallel"]);
        Assert.Equal(5, processes["small-writes"]);
        Assert.Equal(3, processes["pooledstream"]);
        Assert.Equal(3, processes["k4os"]);
        Assert.Equal(3, processes["write2k"]);
        Assert.Equal(3, processes["self-returning"]);
        Assert.Equal(3, processes["buffer-writer"]);
        Assert.All(processes.Where(p => p.Key is not ("pooledstream-parallel" or "small-writes" or "pooledstream" or "k4os" or "write2k" or "self-returning" or "buffer-writer")), p => Assert.Equal(1, p.Value));
    }

    [Fact]
    public void The_k4os_128_B_rows_and_the_100_B_parallel_loops_run_in_two_processes_more_and_nothing_else_does()
    {
        var extra = WorkloadCatalog.WorkloadTypes()
            .Select(t => t.GetCustomAttribute<WorkloadAttribute>()!)
            .Where(a => a.QuickExtraCases is not null || a.QuickExtraProcesses != 0)
            .ToDictionary(a => a.Id, a => (string.Join(",", a.QuickExtraCases!), a.QuickExtraProcesses));

        Assert.Equal(
            new Dictionary<string, (string, int)>
            {
                ["k4os"] = ("Bytes=128", 2),
                ["pooledstream-parallel"] = ("DataSize=100", 2),
            },
            extra);
    }

    [Fact]
    public void The_schedule_runs_the_classes_in_rounds_each_class_s_processes_a_round_apart()
    {
        Type[] workloads = [typeof(StreamWriteReadBenchmarks), typeof(FixedPoolBenchmarks), typeof(StreamLifecycleParallelBenchmarks), typeof(StreamSmallWritesBenchmarks)];

        var schedule = IsolatedWorkloads.Schedule(workloads).Select(s => $"{s.Workload.Name} {s.Process.Argument}{(s.ExtraCasesOnly ? " extra" : "")}");

        Assert.Equal(
            [
                "StreamWriteReadBenchmarks 1/3", "FixedPoolBenchmarks 1/1", "StreamLifecycleParallelBenchmarks 1/4", "StreamSmallWritesBenchmarks 1/5",
                "StreamWriteReadBenchmarks 2/3", "StreamLifecycleParallelBenchmarks 2/4", "StreamSmallWritesBenchmarks 2/5",
                "StreamWriteReadBenchmarks 3/3", "StreamLifecycleParallelBenchmarks 3/4", "StreamSmallWritesBenchmarks 3/5",
                "StreamLifecycleParallelBenchmarks 4/4", "StreamSmallWritesBenchmarks 4/5",
                "StreamSmallWritesBenchmarks 5/5",
                "StreamWriteReadBenchmarks 1/2 extra", "StreamLifecycleParallelBenchmarks 1/2 extra",
                "StreamWriteReadBenchmarks 2/2 extra", "StreamLifecycleParallelBenchmarks 2/2 extra",
            ],
            schedule);
    }

    [Fact]
    public void A_class_that_lists_no_extra_cases_gets_no_extra_processes_whatever_their_count()
    {
        var schedule = IsolatedWorkloads.Schedule([typeof(NoExtraCasesWorkload)]);

        Assert.Equal([(typeof(NoExtraCasesWorkload), "1/1", false)], schedule.Select(s => (s.Workload, s.Process.Argument, s.ExtraCasesOnly)));
    }

    [Fact]
    public void The_schedule_of_the_catalogue_runs_every_process_of_every_class_once()
    {
        var schedule = IsolatedWorkloads.Schedule(WorkloadCatalog.WorkloadTypes());

        Assert.Equal(
            WorkloadCatalog.WorkloadTypes().Sum(t => t.GetCustomAttribute<WorkloadAttribute>()!.QuickProcesses + t.GetCustomAttribute<WorkloadAttribute>()!.QuickExtraProcesses),
            schedule.Select(s => (s.Workload, s.Process.Argument, s.ExtraCasesOnly)).Distinct().Count());
        Assert.Equal(schedule.Count, schedule.Select(s => (s.Workload, s.Process.Argument, s.ExtraCasesOnly)).Distinct().Count());
        // The extra processes come after every main one, so a class's extra rows lie a round or more from its others.
        Assert.True(schedule.SkipWhile(s => !s.ExtraCasesOnly).All(s => s.ExtraCasesOnly));
        Assert.Empty(IsolatedWorkloads.Schedule([]));
        Assert.Equal("workloads", Assert.Throws<ArgumentNullException>(() => IsolatedWorkloads.Schedule(null!)).ParamName);
    }

    [Theory]
    [InlineData(new[] { "--quick" }, null, true)]
    [InlineData(new[] { "--quick", "--filter", "*Pools*" }, "100", true)]
    [InlineData(new[] { "--quick", "--filter", "*Pools*" }, "0", false)]
    [InlineData(new[] { "--filter", "*Pools*" }, null, false)]
    public void A_quick_run_starts_again_with_the_call_counting_delay_off_unless_it_is_off(string[] args, string? current, bool restarts) =>
        Assert.Equal(restarts, IsolatedWorkloads.NeedsCallCountingDelayOff(args, current));

    /// <summary>A class that asks for extra processes but lists no case for them.</summary>
    [Workload("no-extra-cases", QuickExtraCases = new string[0], QuickExtraProcesses = 2)]
    private sealed class NoExtraCasesWorkload
    {
    }
}

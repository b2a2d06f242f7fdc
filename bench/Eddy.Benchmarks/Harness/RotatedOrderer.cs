using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Order;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// BenchmarkDotNet's default order, started part-way through: process <see cref="ProcessIndex"/> of
/// <see cref="ProcessCount"/> (1-based) runs the benchmarks from the one at (index - 1) / count of the list, wrapping
/// round. Summaries and groups keep the default order.
/// </summary>
/// <remarks>
/// When quick mode runs a workload class in several processes and keeps each row's median, a slow phase tied to a
/// place in the process (the first benchmarks, which run while the runtime is still starting its background work,
/// or the last parameter group of the parallel loops, which ran slow for the same two implementations in all three
/// processes of one run) would otherwise fall on the same benchmarks in every process, and no choice among the
/// processes could absorb it (docs/benchmarks.md, "Quick mode").
/// </remarks>
public sealed class RotatedOrderer : IOrderer
{
    private readonly IOrderer _inner = DefaultOrderer.Instance;

    /// <summary>An orderer for process <paramref name="processIndex"/> (1-based) of <paramref name="processCount"/>.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The count is below 1, or the index is outside 1..count.</exception>
    public RotatedOrderer(int processIndex, int processCount)
    {
        if (!IsProcess(processIndex, processCount))
        {
            throw new ArgumentOutOfRangeException(nameof(processIndex), processIndex, $"A process of {processCount} is numbered 1 to {processCount}.");
        }

        ProcessIndex = processIndex;
        ProcessCount = processCount;
    }

    /// <summary>Which of the processes this is, from 1.</summary>
    public int ProcessIndex { get; }

    /// <summary>How many processes run the class.</summary>
    public int ProcessCount { get; }

    /// <summary>The process as the parent names it to the child: "index/count".</summary>
    public string Argument => ProcessIndex.ToString(CultureInfo.InvariantCulture) + "/" + ProcessCount.ToString(CultureInfo.InvariantCulture);

    /// <summary>Whether <paramref name="processIndex"/> names one of <paramref name="processCount"/> processes: 1 to count.</summary>
    public static bool IsProcess(int processIndex, int processCount) => processIndex >= 1 && processIndex <= processCount;

    /// <inheritdoc/>
    public bool SeparateLogicalGroups => _inner.SeparateLogicalGroups;

    /// <summary>Where in a list of <paramref name="count"/> benchmarks this process starts.</summary>
    public int FirstOf(int count) => (int)((long)count * (ProcessIndex - 1) / ProcessCount);

    /// <inheritdoc/>
    public IEnumerable<BenchmarkCase> GetExecutionOrder(ImmutableArray<BenchmarkCase> benchmarksCase, IEnumerable<BenchmarkLogicalGroupRule>? order = null)
    {
        var ordered = _inner.GetExecutionOrder(benchmarksCase, order).ToList();
        int first = FirstOf(ordered.Count);
        return ordered.Skip(first).Concat(ordered.Take(first)).ToList();
    }

    /// <inheritdoc/>
    public IEnumerable<BenchmarkCase> GetSummaryOrder(ImmutableArray<BenchmarkCase> benchmarksCases, Summary summary) =>
        _inner.GetSummaryOrder(benchmarksCases, summary);

    /// <inheritdoc/>
    public string? GetHighlightGroupKey(BenchmarkCase benchmarkCase) => _inner.GetHighlightGroupKey(benchmarkCase);

    /// <inheritdoc/>
    public string? GetLogicalGroupKey(ImmutableArray<BenchmarkCase> allBenchmarksCases, BenchmarkCase benchmarkCase) =>
        _inner.GetLogicalGroupKey(allBenchmarksCases, benchmarkCase);

    /// <inheritdoc/>
    public IEnumerable<IGrouping<string, BenchmarkCase>> GetLogicalGroupOrder(IEnumerable<IGrouping<string, BenchmarkCase>> logicalGroups, IEnumerable<BenchmarkLogicalGroupRule>? order = null) =>
        _inner.GetLogicalGroupOrder(logicalGroups, order);
}

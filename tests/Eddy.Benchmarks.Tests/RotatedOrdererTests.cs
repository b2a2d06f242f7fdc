using System;
using System.Collections.Immutable;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Order;
using BenchmarkDotNet.Running;
using Eddy.Benchmarks.Harness;
using Eddy.Benchmarks.Workloads;

namespace Eddy.Benchmarks.Tests;

/// <summary>The several processes of one workload class start their benchmarks at different places in the list.</summary>
public class RotatedOrdererTests
{
    private static ImmutableArray<BenchmarkCase> Cases() =>
        BenchmarkConverter.TypeToBenchmarks(typeof(FixedPoolBenchmarks), ManualConfig.CreateEmpty().AddJob(Job.Dry)).BenchmarksCases.ToImmutableArray();

    [Theory]
    [InlineData(1, 1, 0)]
    [InlineData(1, 3, 0)]
    [InlineData(2, 3, 5)]
    [InlineData(3, 3, 10)]
    [InlineData(2, 2, 7)]
    public void Process_i_of_n_starts_i_minus_1_nths_of_the_way_through_the_default_order_and_wraps_round(int index, int count, int first)
    {
        var cases = Cases();
        var defaultOrder = DefaultOrderer.Instance.GetExecutionOrder(cases).ToList();
        Assert.Equal(15, defaultOrder.Count);

        var rotated = new RotatedOrderer(index, count).GetExecutionOrder(cases).ToList();

        Assert.Equal(first, new RotatedOrderer(index, count).FirstOf(defaultOrder.Count));
        Assert.Equal(defaultOrder.Skip(first).Concat(defaultOrder.Take(first)), rotated);
    }

    [Fact]
    public void Summaries_and_groups_keep_the_default_order()
    {
        var cases = Cases();
        var orderer = new RotatedOrderer(2, 3);

        Assert.Equal(DefaultOrderer.Instance.SeparateLogicalGroups, orderer.SeparateLogicalGroups);
        Assert.All(cases, c => Assert.Equal(DefaultOrderer.Instance.GetLogicalGroupKey(cases, c), orderer.GetLogicalGroupKey(cases, c)));
        Assert.All(cases, c => Assert.Equal(DefaultOrderer.Instance.GetHighlightGroupKey(c), orderer.GetHighlightGroupKey(c)));
        var groups = cases.GroupBy(c => orderer.GetLogicalGroupKey(cases, c)!).ToList();
        Assert.Equal(
            DefaultOrderer.Instance.GetLogicalGroupOrder(groups).Select(g => g.Key),
            orderer.GetLogicalGroupOrder(groups).Select(g => g.Key));
    }

    [Fact]
    public void A_list_too_short_to_split_runs_from_its_start()
    {
        Assert.Equal(0, new RotatedOrderer(2, 3).FirstOf(1));
        Assert.Equal(0, new RotatedOrderer(3, 3).FirstOf(0));
        Assert.Equal(1, new RotatedOrderer(3, 3).FirstOf(2));
    }

    [Theory]
    [InlineData(0, 1)]
    [InlineData(1, 0)]
    [InlineData(4, 3)]
    [InlineData(-1, -1)]
    public void A_process_outside_its_count_is_refused(int index, int count) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => new RotatedOrderer(index, count));
}

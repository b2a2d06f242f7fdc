using System;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;
using Eddy.Benchmarks.Harness;
using Eddy.Benchmarks.Workloads;

namespace Eddy.Benchmarks.Tests;

/// <summary>Quick mode leaves out the implementations a workload names; full runs measure every one.</summary>
public class QuickImplementationFilterTests
{
    [Fact]
    public void Small_writes_runs_MemoryStream_RecyclableMemoryStream_and_Eddy_in_quick_mode_only()
    {
        var quick = Implementations(typeof(StreamSmallWritesBenchmarks), BenchmarkConfigs.Create(quick: true, ArtifactsPath()));
        var full = Implementations(typeof(StreamSmallWritesBenchmarks), BenchmarkConfigs.Create(quick: false, ArtifactsPath()));

        Assert.Equal(
            [ImplementationIds.Eddy, ImplementationIds.MemoryStream, ImplementationIds.RecyclableMemoryStream],
            quick.Distinct().Order(StringComparer.Ordinal));
        Assert.Equal(9, quick.Length); // 3 implementations x 3 patterns
        Assert.Contains(ImplementationIds.EddyContiguous, full);
        Assert.Contains(ImplementationIds.EddySegmented, full);
        Assert.Equal(15, full.Length);
    }

    [Theory]
    [InlineData(typeof(StreamWriteReadBenchmarks))]
    [InlineData(typeof(StreamWrite2KBenchmarks))]
    public void The_k4os_and_write2k_workloads_leave_out_Eddys_contiguous_and_segmented_modes_in_quick_mode_only(Type workload)
    {
        var quick = Implementations(workload, BenchmarkConfigs.Create(quick: true, ArtifactsPath()));
        var full = Implementations(workload, BenchmarkConfigs.Create(quick: false, ArtifactsPath()));

        Assert.DoesNotContain(ImplementationIds.EddyContiguous, quick);
        Assert.DoesNotContain(ImplementationIds.EddySegmented, quick);
        Assert.Equal(full.Where(i => i is not (ImplementationIds.EddyContiguous or ImplementationIds.EddySegmented)), quick);
        Assert.Contains(ImplementationIds.Eddy, quick);
        Assert.Contains(ImplementationIds.MemoryStream, quick);
        Assert.Contains(ImplementationIds.RecyclableMemoryStream, quick);
        Assert.Contains(ImplementationIds.Floor, quick);
        Assert.Contains(ImplementationIds.EddyContiguous, full);
        Assert.Contains(ImplementationIds.EddySegmented, full);
    }

    [Fact]
    public void A_workload_that_names_no_implementations_runs_them_all()
    {
        Assert.True(QuickImplementationFilter.Runs(typeof(BufferWriterBenchmarks), ImplementationIds.EddyContiguous));
        Assert.True(QuickImplementationFilter.Runs(typeof(StreamLifecycleBenchmarks), ImplementationIds.Eddy));
        Assert.False(QuickImplementationFilter.Runs(typeof(StreamWriteReadBenchmarks), ImplementationIds.EddyContiguous));
        Assert.True(QuickImplementationFilter.Runs(typeof(StreamWriteReadBenchmarks), ImplementationIds.Floor));
        Assert.False(QuickImplementationFilter.Runs(typeof(StreamSmallWritesBenchmarks), ImplementationIds.EddySegmented));
        Assert.True(QuickImplementationFilter.Runs(typeof(StreamSmallWritesBenchmarks), ImplementationIds.MemoryStream));
        // A class that is no workload (a micro-benchmark) is not filtered.
        Assert.True(QuickImplementationFilter.Runs(typeof(QuickImplementationFilterTests), "anything"));
    }

    [Fact]
    public void Every_implementation_a_workload_leaves_out_is_one_of_its_benchmarks_and_never_its_baseline()
    {
        foreach (Type workload in WorkloadCatalog.WorkloadTypes())
        {
            string[]? omitted = workload.GetCustomAttribute<WorkloadAttribute>()!.QuickOmitted;
            if (omitted is null)
            {
                continue;
            }

            var measured = workload.GetMethods()
                .Where(m => m.GetCustomAttribute<BenchmarkDotNet.Attributes.BenchmarkAttribute>() is not null)
                .Select(ImplementationAttribute.IdOf)
                .ToHashSet(StringComparer.Ordinal);
            Assert.All(omitted, id => Assert.Contains(id, measured));
            Assert.DoesNotContain(workload.GetMethods().Single(m => m.GetCustomAttribute<BenchmarkDotNet.Attributes.BenchmarkAttribute>()?.Baseline == true).GetCustomAttribute<ImplementationAttribute>()!.Id, omitted);
            Assert.DoesNotContain(ImplementationIds.Eddy, omitted);
        }
    }

    [Fact]
    public void Null_is_refused()
    {
        Assert.Throws<ArgumentNullException>(() => QuickImplementationFilter.Instance.Predicate(null!));
        Assert.Equal("workload", Assert.Throws<ArgumentNullException>(() => QuickImplementationFilter.Runs(null!, ImplementationIds.Eddy)).ParamName);
    }

    private static string[] Implementations(Type workload, IConfig config) =>
        BenchmarkConverter.TypeToBenchmarks(workload, config).BenchmarksCases
            .Select(b => ImplementationAttribute.IdOf(b.Descriptor.WorkloadMethod))
            .ToArray();

    private static string ArtifactsPath() => System.IO.Path.Combine(System.IO.Path.GetTempPath(), "eddy-filter-" + Guid.NewGuid().ToString("N"));
}

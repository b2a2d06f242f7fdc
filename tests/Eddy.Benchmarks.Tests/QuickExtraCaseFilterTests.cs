using System;
using System.Globalization;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;
using Eddy.Benchmarks.Harness;
using Eddy.Benchmarks.Workloads;

namespace Eddy.Benchmarks.Tests;

/// <summary>Quick mode's extra processes run only the cases their class lists.</summary>
[Collection(BenchmarkModeCollection.Name)]
public class QuickExtraCaseFilterTests
{
    [Fact]
    public void An_extra_k4os_process_runs_the_128_B_row_of_every_quick_implementation_and_nothing_else()
    {
        var all = Cases(typeof(StreamWriteReadBenchmarks), QuickConfig());
        var extra = Cases(typeof(StreamWriteReadBenchmarks), QuickConfig().AddFilter(QuickExtraCaseFilter.Instance));

        Assert.Equal(["Bytes=128"], extra.Select(c => c.Parameter).Distinct());
        Assert.Equal(all.Where(c => c.Parameter == "Bytes=128").Select(c => c.Implementation), extra.Select(c => c.Implementation));
        Assert.True(all.Select(c => c.Parameter).Distinct().Count() > 1);
    }

    [Fact]
    public void An_extra_parallel_process_runs_both_task_counts_at_100_B()
    {
        var extra = Cases(typeof(StreamLifecycleParallelBenchmarks), QuickConfig().AddFilter(QuickExtraCaseFilter.Instance));

        Assert.Equal(["ParallelNum=10, DataSize=100", "ParallelNum=5, DataSize=100"], extra.Select(c => c.Parameter).Distinct().Order(StringComparer.Ordinal));
        Assert.Contains(ImplementationIds.Eddy, extra.Select(c => c.Implementation));
    }

    [Fact]
    public void A_class_that_lists_no_cases_has_none_in_an_extra_process()
    {
        Assert.Empty(Cases(typeof(FixedPoolBenchmarks), QuickConfig().AddFilter(QuickExtraCaseFilter.Instance)));
        Assert.False(QuickExtraCaseFilter.IsExtraCase(typeof(StreamLifecycleBenchmarks), ["DataSize=100"]));
        // A class that is no workload (a micro-benchmark) has none either.
        Assert.False(QuickExtraCaseFilter.IsExtraCase(typeof(QuickExtraCaseFilterTests), ["Bytes=128"]));
    }

    [Fact]
    public void A_case_matches_on_any_one_of_its_parameters_and_on_the_exact_text_only()
    {
        Assert.True(QuickExtraCaseFilter.IsExtraCase(typeof(StreamLifecycleParallelBenchmarks), ["ParallelNum=5", "DataSize=100"]));
        Assert.False(QuickExtraCaseFilter.IsExtraCase(typeof(StreamLifecycleParallelBenchmarks), ["ParallelNum=5", "DataSize=1000"]));
        Assert.False(QuickExtraCaseFilter.IsExtraCase(typeof(StreamWriteReadBenchmarks), ["bytes=128"]));
        Assert.False(QuickExtraCaseFilter.IsExtraCase(typeof(StreamWriteReadBenchmarks), ["Bytes=1280"]));
        Assert.False(QuickExtraCaseFilter.IsExtraCase(typeof(StreamWriteReadBenchmarks), []));
    }

    [Fact]
    public void A_parameter_s_text_does_not_depend_on_the_culture()
    {
        CultureInfo previous = CultureInfo.CurrentCulture;
        try
        {
            CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo("de-DE");
            Assert.Equal("Ratio=1.5", QuickExtraCaseFilter.ParameterText("Ratio", 1.5));
            Assert.Equal("Bytes=134217728", QuickExtraCaseFilter.ParameterText("Bytes", 134_217_728));
            Assert.Equal("Scenario=Advance1x1M", QuickExtraCaseFilter.ParameterText("Scenario", BufferWriterScenario.Advance1x1M));
        }
        finally
        {
            CultureInfo.CurrentCulture = previous;
        }
    }

    [Fact]
    public void Every_listed_case_is_a_parameter_of_its_class_in_quick_mode_and_the_extra_processes_are_set_with_it()
    {
        foreach (Type workload in WorkloadCatalog.WorkloadTypes())
        {
            WorkloadAttribute attribute = workload.GetCustomAttribute<WorkloadAttribute>()!;
            Assert.Equal(attribute.QuickExtraCases is { Length: > 0 }, attribute.QuickExtraProcesses > 0);
            if (attribute.QuickExtraCases is null)
            {
                continue;
            }

            var parameters = Cases(workload, QuickConfig())
                .SelectMany(c => c.Parameter.Split(", "))
                .ToHashSet(StringComparer.Ordinal);
            Assert.All(attribute.QuickExtraCases, c => Assert.Contains(c, parameters));
        }
    }

    [Fact]
    public void Null_is_refused()
    {
        Assert.Throws<ArgumentNullException>(() => QuickExtraCaseFilter.Instance.Predicate(null!));
        Assert.Equal("workload", Assert.Throws<ArgumentNullException>(() => QuickExtraCaseFilter.IsExtraCase(null!, [])).ParamName);
        Assert.Equal("parameters", Assert.Throws<ArgumentNullException>(() => QuickExtraCaseFilter.IsExtraCase(typeof(StreamWriteReadBenchmarks), null!)).ParamName);
    }

    /// <summary>The benchmarks BenchmarkDotNet builds from <paramref name="workload"/> with quick mode's parameter subsets.</summary>
    private static (string Parameter, string Implementation)[] Cases(Type workload, IConfig config)
    {
        bool wasQuick = BenchmarkMode.Quick;
        BenchmarkMode.Quick = true;
        try
        {
            return BenchmarkConverter.TypeToBenchmarks(workload, config).BenchmarksCases
                .Select(b => (
                    string.Join(", ", b.Parameters.Items.Select(p => QuickExtraCaseFilter.ParameterText(p.Name, p.Value))),
                    ResultCollector.ImplementationOf(b.Descriptor.WorkloadMethod)))
                .ToArray();
        }
        finally
        {
            BenchmarkMode.Quick = wasQuick;
        }
    }

    private static IConfig QuickConfig() =>
        BenchmarkConfigs.Create(quick: true, System.IO.Path.Combine(System.IO.Path.GetTempPath(), "eddy-extra-" + Guid.NewGuid().ToString("N")));
}

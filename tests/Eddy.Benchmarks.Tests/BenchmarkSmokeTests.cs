using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Attributes;
using Eddy.Benchmarks.Harness;
using Eddy.Benchmarks.Workloads;

namespace Eddy.Benchmarks.Tests;

/// <summary>
/// Executes every benchmark method of every class in Eddy.Benchmarks once, with the smallest parameters, so the
/// benchmarks never rot; and checks that the implementations of one workload agree on what they computed.
/// Timings are never asserted.
/// </summary>
[Collection(BenchmarkModeCollection.Name)]
public class BenchmarkSmokeTests
{
    public static TheoryData<string> BenchmarkClasses()
    {
        var data = new TheoryData<string>();
        foreach (var type in BenchmarkInvoker.BenchmarkTypes())
        {
            data.Add(type.FullName!);
        }

        return data;
    }

    public static TheoryData<string> WorkloadClasses()
    {
        var data = new TheoryData<string>();
        foreach (var type in WorkloadCatalog.WorkloadTypes())
        {
            data.Add(type.FullName!);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(BenchmarkClasses))]
    public void Every_benchmark_method_runs_once_with_the_smallest_parameters(string typeName)
    {
        var type = BenchmarkInvoker.BenchmarkAssembly.GetType(typeName, throwOnError: true)!;
        int runs = 0;
        foreach (var parameters in BenchmarkInvoker.SmallestParameterSets(type))
        {
            foreach (var method in BenchmarkInvoker.BenchmarkMethods(type))
            {
                var exception = Record.Exception(() => BenchmarkInvoker.RunOnce(method, parameters));
                Assert.True(exception is null, $"{type.Name}.{method.Name}({Describe(parameters)}) threw: {exception}");
                runs++;
            }
        }

        Assert.True(runs > 0, $"{type.Name} has no runnable benchmark.");
    }

    [Theory]
    [MemberData(nameof(WorkloadClasses))]
    public void Every_implementation_of_a_workload_computes_the_same_result(string typeName)
    {
        var type = BenchmarkInvoker.BenchmarkAssembly.GetType(typeName, throwOnError: true)!;
        foreach (var parameters in BenchmarkInvoker.SmallestParameterSets(type))
        {
            var results = BenchmarkInvoker.BenchmarkMethods(type)
                .Select(m => (Method: m.Name, Result: BenchmarkInvoker.RunOnce(m, parameters)))
                .ToList();
            Assert.All(results, r => Assert.NotNull(r.Result));
            var distinct = results.Select(r => r.Result).Distinct().ToList();
            Assert.True(
                distinct.Count == 1,
                $"{type.Name}({Describe(parameters)}) implementations disagree: " +
                string.Join(", ", results.Select(r => $"{r.Method}={r.Result}")));
        }
    }

    [Theory]
    [MemberData(nameof(WorkloadClasses))]
    public void Every_workload_has_one_baseline_and_known_unique_implementation_ids(string typeName)
    {
        var type = BenchmarkInvoker.BenchmarkAssembly.GetType(typeName, throwOnError: true)!;
        var methods = BenchmarkInvoker.BenchmarkMethods(type).ToList();
        var baselines = methods.Where(m => m.GetCustomAttribute<BenchmarkAttribute>()!.Baseline).ToList();
        var baseline = Assert.Single(baselines);
        string[] bclTypes =
        [
            ImplementationIds.MemoryStream, ImplementationIds.ArrayPoolShared, ImplementationIds.BinaryWriter,
            ImplementationIds.ArrayBufferWriter, ImplementationIds.NewArray, ImplementationIds.MemoryPoolShared,
            // The layout workload compares Eddy with itself: its baseline is the spread placement.
            ImplementationIds.EddySpreadBlocks,
        ];
        Assert.Contains(baseline.GetCustomAttribute<ImplementationAttribute>()?.Id, bclTypes);

        var ids = methods.Select(m => m.GetCustomAttribute<ImplementationAttribute>()?.Id).ToList();
        Assert.All(ids, id => Assert.Contains(id, ImplementationIds.All));
        Assert.Equal(ids.Count, ids.Distinct().Count());
    }

    [Fact]
    public void Every_catalogued_workload_has_a_benchmark_class()
    {
        var ids = WorkloadCatalog.WorkloadTypes().Select(t => t.GetCustomAttribute<WorkloadAttribute>()!.Id).ToList();
        Assert.Equal(WorkloadCatalog.Order, ids);
    }

    [Theory]
    [MemberData(nameof(WorkloadClasses))]
    public void Quick_mode_keeps_at_least_three_cases_and_the_smallest_and_largest_parameters(string typeName)
    {
        var type = BenchmarkInvoker.BenchmarkAssembly.GetType(typeName, throwOnError: true)!;
        var full = BenchmarkInvoker.ParameterValues(type);
        List<(MemberInfo Member, List<object?> Values)> quick;
        BenchmarkMode.Quick = true;
        try
        {
            quick = BenchmarkInvoker.ParameterValues(type);
        }
        finally
        {
            BenchmarkMode.Quick = false;
        }

        int cases = quick.Aggregate(1, (product, p) => product * p.Values.Count);
        Assert.True(cases >= 3, $"{type.Name} has only {cases} quick cases.");
        foreach (var (member, values) in quick)
        {
            var all = full.Single(f => f.Member == member).Values;
            Assert.Subset(all.ToHashSet(), values.ToHashSet());
            if (member.Name == nameof(StreamLifecycleParallelBenchmarks.ParallelNum))
            {
                // A task count is no size: quick mode measures the contention at one, the larger.
                Assert.Equal([all.Max()], values);
                continue;
            }

            Assert.Contains(all.Min(), values);
            // The quick k4os run stops at 128 MiB instead of 512 MiB; the quick spill run stops at 64 MiB, not 1 GiB.
            object? largest = type.GetCustomAttribute<WorkloadAttribute>()!.Id switch
            {
                "k4os" => 128 << 20,
                "spill" => 64L << 20,
                _ => all.Max(),
            };
            Assert.Contains(largest, values);
        }
    }

    private static string Describe(IReadOnlyDictionary<MemberInfo, object?> parameters) =>
        string.Join(", ", parameters.Select(p => $"{p.Key.Name}={p.Value}"));
}

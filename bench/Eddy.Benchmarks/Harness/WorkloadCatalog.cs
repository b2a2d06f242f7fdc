using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace Eddy.Benchmarks.Harness;

/// <summary>The benchmark classes of this assembly that are catalogued workloads, in the catalog's order.</summary>
public static class WorkloadCatalog
{
    /// <summary>The workload ids in reading order; tables and charts follow it.</summary>
    public static readonly string[] Order =
    [
        "k4os", "pooledstream", "pooledstream-parallel", "write2k", "small-writes", "fixed-pool", "binary",
        "self-returning", "buffer-writer", "spill", "pipe", "layout",
    ];

    public static Type[] WorkloadTypes() => typeof(WorkloadCatalog).Assembly.GetTypes()
        .Where(t => t.GetCustomAttribute<WorkloadAttribute>() is not null)
        .OrderBy(t => OrderOf(t.GetCustomAttribute<WorkloadAttribute>()!.Id))
        .ThenBy(t => t.Name, StringComparer.Ordinal)
        .ToArray();

    private static int OrderOf(string id) => Array.IndexOf(Order, id) is int i && i >= 0 ? i : Order.Length;
}

/// <summary>
/// The switch between the full parameter lists and the quick subsets, which [ParamsSource] members read while
/// BenchmarkDotNet builds the benchmark cases in the host process (it passes the values to the benchmark processes).
/// </summary>
public static class BenchmarkMode
{
    public static bool Quick { get; set; }

    /// <summary>The quick subset in quick mode, otherwise the full list.</summary>
    public static IEnumerable<T> Select<T>(IEnumerable<T> full, IEnumerable<T> quick) => Quick ? quick : full;
}

using System;
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

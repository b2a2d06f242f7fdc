using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Quick mode's filter: a workload that names <see cref="WorkloadAttribute.QuickImplementations"/> runs only those
/// implementations; every other benchmark runs.
/// </summary>
public sealed class QuickImplementationFilter : IFilter
{
    public static QuickImplementationFilter Instance { get; } = new();

    private QuickImplementationFilter()
    {
    }

    /// <inheritdoc/>
    public bool Predicate(BenchmarkCase benchmarkCase)
    {
        System.ArgumentNullException.ThrowIfNull(benchmarkCase);
        MethodInfo method = benchmarkCase.Descriptor.WorkloadMethod;
        return Runs(method.DeclaringType!, ResultCollector.ImplementationOf(method));
    }

    /// <summary>Whether quick mode runs <paramref name="implementation"/> of the workload class <paramref name="workload"/>.</summary>
    public static bool Runs(System.Type workload, string implementation)
    {
        System.ArgumentNullException.ThrowIfNull(workload);
        string[]? kept = workload.GetCustomAttribute<WorkloadAttribute>()?.QuickImplementations;
        return kept is null || kept.Contains(implementation, System.StringComparer.Ordinal);
    }
}

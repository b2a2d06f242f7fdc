using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Quick mode's filter: a workload that names <see cref="WorkloadAttribute.QuickOmitted"/> implementations runs
/// without them; every other benchmark runs.
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
        string[]? omitted = workload.GetCustomAttribute<WorkloadAttribute>()?.QuickOmitted;
        return omitted is null || !omitted.Contains(implementation, System.StringComparer.Ordinal);
    }
}

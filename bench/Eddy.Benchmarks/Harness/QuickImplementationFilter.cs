using System;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;

namespace Eddy.Benchmarks.Harness;

/// <summary>Quick mode's filter: a workload runs without the implementations it names in <see cref="WorkloadAttribute.QuickOmitted"/>.</summary>
public sealed class QuickImplementationFilter : IFilter
{
    public static QuickImplementationFilter Instance { get; } = new();

    /// <inheritdoc/>
    public bool Predicate(BenchmarkCase benchmarkCase)
    {
        ArgumentNullException.ThrowIfNull(benchmarkCase);
        MethodInfo method = benchmarkCase.Descriptor.WorkloadMethod;
        return Runs(method.DeclaringType!, ImplementationAttribute.IdOf(method));
    }

    /// <summary>Whether quick mode runs <paramref name="implementation"/> of the class <paramref name="workload"/>.</summary>
    public static bool Runs(Type workload, string implementation)
    {
        ArgumentNullException.ThrowIfNull(workload);
        return workload.GetCustomAttribute<WorkloadAttribute>()?.QuickOmitted?.Contains(implementation, StringComparer.Ordinal) != true;
    }
}

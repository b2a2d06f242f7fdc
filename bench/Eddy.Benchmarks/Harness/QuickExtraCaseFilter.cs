using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// The filter of quick mode's extra processes: only the benchmarks whose parameters the class lists in
/// <see cref="WorkloadAttribute.QuickExtraCases"/> run.
/// </summary>
public sealed class QuickExtraCaseFilter : IFilter
{
    public static QuickExtraCaseFilter Instance { get; } = new();

    private QuickExtraCaseFilter()
    {
    }

    /// <inheritdoc/>
    public bool Predicate(BenchmarkCase benchmarkCase)
    {
        ArgumentNullException.ThrowIfNull(benchmarkCase);
        return IsExtraCase(
            benchmarkCase.Descriptor.Type,
            benchmarkCase.Parameters.Items.Select(p => ParameterText(p.Name, p.Value)));
    }

    /// <summary>A parameter as <see cref="WorkloadAttribute.QuickExtraCases"/> names it: "Name=Value", the value in the invariant culture.</summary>
    public static string ParameterText(string name, object? value) =>
        name + "=" + Convert.ToString(value, CultureInfo.InvariantCulture);

    /// <summary>Whether a benchmark of <paramref name="workload"/> with <paramref name="parameters"/> ("Name=Value") runs in the class's extra processes.</summary>
    public static bool IsExtraCase(Type workload, IEnumerable<string> parameters)
    {
        ArgumentNullException.ThrowIfNull(workload);
        ArgumentNullException.ThrowIfNull(parameters);
        string[]? cases = workload.GetCustomAttribute<WorkloadAttribute>()?.QuickExtraCases;
        return cases is not null && parameters.Any(p => cases.Contains(p, StringComparer.Ordinal));
    }
}

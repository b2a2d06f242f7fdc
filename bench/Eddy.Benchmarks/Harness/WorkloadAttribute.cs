using System;
using BenchmarkDotNet.Attributes;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Marks a benchmark class as one of the catalogued comparison workloads (k4os, write2k, ...), and puts it in two
/// BenchmarkDotNet categories: <see cref="Category"/>, which quick mode runs, and its id (<c>--anyCategories k4os</c>).
/// </summary>
[AttributeUsage(AttributeTargets.Class, Inherited = false)]
public sealed class WorkloadAttribute(string id) : BenchmarkCategoryAttribute(Category, id)
{
    /// <summary>The category every workload class is in.</summary>
    public const string Category = "workload";

    public string Id { get; } = id;

    /// <summary>
    /// The implementation ids quick mode leaves out (<see cref="QuickImplementationFilter"/>); null, the default,
    /// leaves out none. Full runs always measure every one.
    /// </summary>
    public string[]? QuickOmitted { get; init; }
}

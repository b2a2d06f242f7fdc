using System;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Marks a benchmark class as one of the catalogued comparison workloads (k4os, write2k, ...). Quick mode runs exactly these
/// classes; the benchmark smoke test checks that every implementation of a workload computes the same result.
/// </summary>
[AttributeUsage(AttributeTargets.Class, Inherited = false)]
public sealed class WorkloadAttribute(string id) : Attribute
{
    public string Id { get; } = id;
}

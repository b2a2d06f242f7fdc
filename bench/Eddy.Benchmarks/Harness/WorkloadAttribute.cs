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

    /// <summary>
    /// How many fresh processes quick mode runs the class in; each row keeps its median process
    /// (<see cref="IsolatedWorkloads.MedianOfProcesses"/>). More than 1 only for a workload whose speed a process
    /// sets per benchmark or per process (the scheduler on 2 cores, a rival's large-object collections). Each row keeps
    /// the process at (n - 1) / 2 in order of time, so with three or five no single process decides it, and with
    /// four it takes three slow processes to slow a row down.
    /// </summary>
    public int QuickProcesses { get; init; } = 1;

    /// <summary>
    /// Parameter values, each "Name=Value" as BenchmarkDotNet shows them (e.g. "Bytes=128"), whose benchmarks quick mode
    /// also runs in <see cref="QuickExtraProcesses"/> processes of their own (<see cref="QuickExtraCaseFilter"/>); a
    /// benchmark is one of them when any of its parameters is listed. These are cheap rows whose level each process
    /// sets per implementation, and which moved by more than 15 % between runs with <see cref="QuickProcesses"/>
    /// alone: more processes for them steady the median without running the whole class again. Only rows that take
    /// the same levels with the rest of their class left out belong here (docs/benchmarks.md, "Quick mode", has one
    /// that does not). Null, the default, lists none.
    /// </summary>
    public string[]? QuickExtraCases { get; init; }

    /// <summary>How many more processes run only the <see cref="QuickExtraCases"/> benchmarks; 0, the default, none.</summary>
    public int QuickExtraProcesses { get; init; }

    /// <summary>
    /// The implementation ids quick mode leaves out (<see cref="QuickImplementationFilter"/>); null, the default,
    /// leaves out none. Full runs always measure every one.
    /// </summary>
    public string[]? QuickOmitted { get; init; }
}

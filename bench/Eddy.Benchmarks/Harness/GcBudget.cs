using System;
using System.Linq;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Pins the GC's generation-0 budget for the benchmark process and every process BenchmarkDotNet starts from it.
/// </summary>
/// <remarks>
/// Left to itself, the workstation GC sizes the gen0 budget from the L3 cache and then tunes it as the process runs,
/// so the allocating workloads (pooledstream's <c>ToArray</c> copies, the parallel loops) settle at a level that
/// differs from one process to the next, for every implementation alike; a ratio of two such levels moves with no
/// change in the code. A fixed budget takes that variable out. The runtime reads the setting only from the
/// environment at start-up, so the harness starts itself again with it. docs/benchmarks.md has the measurements
/// behind the choice.
/// </remarks>
public static class GcBudget
{
    /// <summary>The environment variable the runtime reads the smallest gen0 budget from (hexadecimal bytes).</summary>
    public const string VariableName = "DOTNET_GCgen0size";

    /// <summary>The pinned budget: 4 MiB.</summary>
    public const string PinnedValue = "0x400000";

    /// <summary>The argument that keeps the GC's own budget (no restart).</summary>
    public const string DefaultGcArgument = "--default-gc";

    /// <summary>What the run uses, for the console header: the pinned budget, a budget set by the caller, or the GC's own.</summary>
    public static string Describe()
    {
        string? value = Environment.GetEnvironmentVariable(VariableName);
        if (string.IsNullOrEmpty(value))
        {
            return "gen0 budget: the GC's own";
        }

        return value == PinnedValue ? "gen0 budget pinned at 4 MiB" : $"gen0 budget {VariableName}={value}";
    }

    /// <summary>
    /// Runs the benchmarks in a child process with the budget pinned, unless the budget is already set in the
    /// environment or <paramref name="args"/> holds <see cref="DefaultGcArgument"/>.
    /// </summary>
    /// <param name="args">The command line, passed on unchanged.</param>
    /// <param name="exitCode">The child's exit code, when it ran.</param>
    /// <returns>True when the child ran and this process should exit with <paramref name="exitCode"/>.</returns>
    public static bool TryRunPinned(string[] args, out int exitCode)
    {
        exitCode = 0;
        if (args.Contains(DefaultGcArgument, StringComparer.Ordinal)
            || !string.IsNullOrEmpty(Environment.GetEnvironmentVariable(VariableName)))
        {
            return false;
        }

        exitCode = HostProcess.RunAgainWith(args, VariableName, PinnedValue);
        return true;
    }
}

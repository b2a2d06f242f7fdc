using System;
using System.Globalization;
using Eddy.Benchmarks.Harness;

namespace Eddy.Benchmarks.Tests;

/// <summary>The pinned gen0 budget the harness starts its benchmark process with.</summary>
public class GcBudgetTests
{
    [Fact]
    public void The_pinned_value_is_4_MiB_in_the_hexadecimal_form_the_runtime_reads()
    {
        Assert.StartsWith("0x", GcBudget.PinnedValue, StringComparison.Ordinal);
        Assert.Equal(4L << 20, long.Parse(GcBudget.PinnedValue.AsSpan(2), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
    }

    [Fact]
    public void Default_gc_argument_runs_in_this_process()
    {
        Assert.False(GcBudget.TryRunPinned(["--quick", GcBudget.DefaultGcArgument, "--filter", "*Nothing*"], out int exitCode));
        Assert.Equal(0, exitCode);
    }

    [Fact]
    public void A_budget_already_in_the_environment_is_kept_and_described()
    {
        string? saved = Environment.GetEnvironmentVariable(GcBudget.VariableName);
        try
        {
            Environment.SetEnvironmentVariable(GcBudget.VariableName, "0x800000");
            Assert.False(GcBudget.TryRunPinned(["--quick"], out _));
            Assert.Equal("gen0 budget DOTNET_GCgen0size=0x800000", GcBudget.Describe());

            Environment.SetEnvironmentVariable(GcBudget.VariableName, GcBudget.PinnedValue);
            Assert.Equal("gen0 budget pinned at 4 MiB", GcBudget.Describe());

            Environment.SetEnvironmentVariable(GcBudget.VariableName, null);
            Assert.Equal("gen0 budget: the GC's own", GcBudget.Describe());
        }
        finally
        {
            Environment.SetEnvironmentVariable(GcBudget.VariableName, saved);
        }
    }
}

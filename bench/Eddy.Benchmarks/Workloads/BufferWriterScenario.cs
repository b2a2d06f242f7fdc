namespace Eddy.Benchmarks.Workloads;

/// <summary>The [buffer-writer] scenarios.</summary>
public enum BufferWriterScenario
{
    /// <summary>64 KiB in 2 KiB GetSpan/Advance pairs: a small document.</summary>
    Write2KiBTo64KiB,

    /// <summary>1 MiB in 2 KiB GetSpan/Advance pairs </summary>
    Write2KiBTo1MiB,

    /// <summary>One million GetSpan(1)/Advance(1) pairs </summary>
    Advance1x1M,
}

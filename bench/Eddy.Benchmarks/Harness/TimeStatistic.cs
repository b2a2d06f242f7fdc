namespace Eddy.Benchmarks.Harness;

/// <summary>Which of a benchmark's measured iterations a row's time per operation comes from.</summary>
public enum TimeStatistic
{
    /// <summary>The median iteration: the full runs, which measure enough iterations for it to settle.</summary>
    Median,

    /// <summary>
    /// The fastest iteration: the quick runs. On a shared machine a neighbour or a slow phase of the process only ever
    /// adds time, and a few iterations are too few for a median to be stable (docs/benchmarks.md, "Quick mode").
    /// </summary>
    Fastest,
}

/// <summary>Names of <see cref="TimeStatistic"/> values as the summaries print them.</summary>
public static class TimeStatistics
{
    /// <summary>The statistic a run reports: the fastest iteration in quick mode, the median otherwise.</summary>
    public static TimeStatistic For(bool quick) => quick ? TimeStatistic.Fastest : TimeStatistic.Median;

    /// <summary>"median" or "fastest", as summary.json writes it.</summary>
    public static string Id(TimeStatistic statistic) => statistic == TimeStatistic.Fastest ? "fastest" : "median";

    /// <summary>The statistic read back from summary.json.</summary>
    /// <exception cref="System.FormatException">The text names no statistic.</exception>
    public static TimeStatistic Parse(string id) => id switch
    {
        "fastest" => TimeStatistic.Fastest,
        "median" => TimeStatistic.Median,
        _ => throw new System.FormatException($"'{id}' is not a time statistic (expected 'median' or 'fastest')."),
    };

    /// <summary>How tables and charts label the time: "median iteration" or "fastest iteration".</summary>
    public static string Describe(TimeStatistic statistic) => Id(statistic) + " iteration";
}

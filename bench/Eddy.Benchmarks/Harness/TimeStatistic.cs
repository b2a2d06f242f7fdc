using System;
using System.Collections.Generic;
using System.Linq;

namespace Eddy.Benchmarks.Harness;

/// <summary>Which of a benchmark's measured iterations a row's time per operation comes from.</summary>
public enum TimeStatistic
{
    /// <summary>The median iteration: the full runs, which measure enough iterations for it to settle.</summary>
    Median,

    /// <summary>
    /// The mean of the fastest half of the iterations: the quick runs. On a shared machine a neighbour or a slow phase
    /// of the process only adds time, which the slower half drops; a single lucky iteration, which decided a row when
    /// the fastest iteration alone was kept, is averaged with two more (docs/benchmarks.md, "Quick mode").
    /// </summary>
    FastestHalf,
}

/// <summary>Names of <see cref="TimeStatistic"/> values as the summaries print them, and the fastest-half mean.</summary>
public static class TimeStatistics
{
    /// <summary>The statistic a run reports: the fastest half's mean in quick mode, the median otherwise.</summary>
    public static TimeStatistic For(bool quick) => quick ? TimeStatistic.FastestHalf : TimeStatistic.Median;

    /// <summary>"median" or "fastest-half", as summary.json writes it.</summary>
    public static string Id(TimeStatistic statistic) => statistic == TimeStatistic.FastestHalf ? "fastest-half" : "median";

    /// <summary>The statistic read back from summary.json.</summary>
    /// <exception cref="FormatException">The text names no statistic.</exception>
    public static TimeStatistic Parse(string id) => id switch
    {
        "fastest-half" => TimeStatistic.FastestHalf,
        "median" => TimeStatistic.Median,
        _ => throw new FormatException($"'{id}' is not a time statistic (expected 'median' or 'fastest-half')."),
    };

    /// <summary>How tables and charts label the time: "median iteration" or "mean of the fastest half of iterations".</summary>
    public static string Describe(TimeStatistic statistic) =>
        statistic == TimeStatistic.FastestHalf ? "mean of the fastest half of iterations" : "median iteration";

    /// <summary>
    /// The mean of the fastest ⌈n/2⌉ of <paramref name="iterationTimes"/> (3 of 6, 3 of 5, 1 of 1): never below the
    /// fastest, never above the median.
    /// </summary>
    /// <exception cref="ArgumentException">There are no times.</exception>
    public static double FastestHalfMean(IEnumerable<double> iterationTimes)
    {
        ArgumentNullException.ThrowIfNull(iterationTimes);
        double[] sorted = iterationTimes.Order().ToArray();
        if (sorted.Length == 0)
        {
            throw new ArgumentException("A benchmark with no measured iterations has no time.", nameof(iterationTimes));
        }

        int half = (sorted.Length + 1) / 2;
        return sorted.Take(half).Average();
    }
}

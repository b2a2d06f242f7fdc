namespace Eddy.Benchmarks.Harness;

/// <summary>One measured (workload, parameter, implementation) cell of the comparison.</summary>
/// <param name="Workload">The workload id, e.g. "k4os".</param>
/// <param name="Parameter">The parameter values in readable form, e.g. "128 KiB" or "ParallelNum=5, 1 KB".</param>
/// <param name="Implementation">An id of <see cref="ImplementationIds"/> (or the method name for other classes).</param>
/// <param name="IsBaseline">Whether this is the class's Baseline = true method (the BCL type).</param>
/// <param name="TimeNs">Time per operation in nanoseconds, of the iterations <paramref name="Statistic"/> names.</param>
/// <param name="AllocatedBytes">Bytes allocated per operation, or null when it was not measured.</param>
/// <param name="Gen0">Gen0 collections per 1,000 operations.</param>
/// <param name="Gen1">Gen1 collections per 1,000 operations.</param>
/// <param name="Gen2">Gen2 collections per 1,000 operations.</param>
/// <param name="RatioToBaseline">Time over the baseline's time for the same parameter, when there is one.</param>
/// <param name="RatioToFloor">Time over the Floor's time for the same parameter, when the workload has a Floor.</param>
/// <param name="Statistic">Which iterations <paramref name="TimeNs"/> comes from: the median, or the mean of the fastest half (quick mode).</param>
public sealed record ResultRow(
    string Workload,
    string Parameter,
    string Implementation,
    bool IsBaseline,
    double TimeNs,
    long? AllocatedBytes,
    double Gen0,
    double Gen1,
    double Gen2,
    double? RatioToBaseline = null,
    double? RatioToFloor = null,
    TimeStatistic Statistic = TimeStatistic.Median);

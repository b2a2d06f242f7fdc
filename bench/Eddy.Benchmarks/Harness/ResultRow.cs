namespace Eddy.Benchmarks.Harness;

/// <summary>
/// One measured (workload, parameter, implementation) cell: the parameter as <see cref="ReportReader.FormatParameters"/>
/// prints it, BenchmarkDotNet's median time per operation over every launch's measured iterations, bytes allocated per
/// operation (null when not measured), GC collections per 1,000 operations, and <paramref name="Size"/>, the
/// parameter in bytes when it is a case's only parameter and a size (charts put it on a log axis).
/// </summary>
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
    long? Size = null)
{
    /// <summary>Time over the baseline's time for the same workload and parameter, when there is one (<see cref="Comparison"/>).</summary>
    public double? RatioToBaseline { get; init; }

    /// <summary>For an Eddy row: time over the fastest rival's for the same workload and parameter (<see cref="Comparison"/>).</summary>
    public double? RatioToFastestRival { get; init; }

    /// <summary>The rival <see cref="RatioToFastestRival"/> compares with.</summary>
    public string? FastestRival { get; init; }

    /// <summary>Whether the implementation is one of Eddy's: its id starts with "Eddy".</summary>
    public bool IsEddy => Implementation.StartsWith(ImplementationIds.Eddy, System.StringComparison.Ordinal);

    /// <summary>Whether the implementation is a rival: neither Eddy's nor the Floor.</summary>
    public bool IsRival => !IsEddy && Implementation != ImplementationIds.Floor;
}

using System;
using System.Collections.Generic;
using System.Linq;

namespace Eddy.Benchmarks.Harness;

/// <summary>Operations on a list of <see cref="ResultRow"/> that do not depend on BenchmarkDotNet.</summary>
public static class ResultRows
{
    /// <summary>
    /// Fills <see cref="ResultRow.RatioToBaseline"/> and <see cref="ResultRow.RatioToFloor"/> by comparing each row
    /// with the baseline row and the Floor row of the same workload and parameter. Order is preserved.
    /// </summary>
    public static IReadOnlyList<ResultRow> WithRatios(IEnumerable<ResultRow> rows)
    {
        ArgumentNullException.ThrowIfNull(rows);
        var list = rows.ToList();
        var baselines = new Dictionary<(string, string), double>();
        var floors = new Dictionary<(string, string), double>();
        foreach (var row in list)
        {
            if (row.IsBaseline)
            {
                baselines[(row.Workload, row.Parameter)] = row.TimeNs;
            }

            if (row.Implementation == ImplementationIds.Floor)
            {
                floors[(row.Workload, row.Parameter)] = row.TimeNs;
            }
        }

        return list.Select(row => row with
        {
            RatioToBaseline = Ratio(row.TimeNs, baselines, (row.Workload, row.Parameter)),
            RatioToFloor = Ratio(row.TimeNs, floors, (row.Workload, row.Parameter)),
        }).ToList();
    }

    /// <summary>The workload ids in first-seen order.</summary>
    public static IReadOnlyList<string> Workloads(IEnumerable<ResultRow> rows) =>
        rows.Select(r => r.Workload).Distinct().ToList();

    private static double? Ratio(double mean, Dictionary<(string, string), double> references, (string, string) key) =>
        references.TryGetValue(key, out double reference) && reference > 0 ? mean / reference : null;
}

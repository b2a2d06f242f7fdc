using System.Collections.Generic;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Process-wide switch between the full parameter lists and the quick subsets. [ParamsSource] members read it
/// while BenchmarkDotNet builds the benchmark cases, which in quick mode happens in this very process.
/// </summary>
public static class BenchmarkMode
{
    public static bool Quick { get; set; }

    /// <summary>The quick subset in quick mode, otherwise the full list.</summary>
    public static IEnumerable<T> Select<T>(IEnumerable<T> full, IEnumerable<T> quick) => Quick ? quick : full;
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;

namespace Eddy.Benchmarks.Micro.Binary;

/// <summary>Lets a short run pick a subset of the sizes through an environment variable.</summary>
internal static class BenchmarkSizes
{
    public static IEnumerable<int> FromEnvironment(string variable, params int[] defaults)
    {
        string? value = Environment.GetEnvironmentVariable(variable);
        return string.IsNullOrWhiteSpace(value)
            ? defaults
            : value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Select(s => int.Parse(s, CultureInfo.InvariantCulture));
    }
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Turns a benchmark's parameter values into the summary's "parameter" text. By convention a parameter named
/// "Bytes", ending in "Bytes", or named "DataSize" is a size and prints as 128 B, 64 KiB, 1 MB; "ParallelNum"
/// prints as "5 tasks"; an enum prints its value; any other prints as Name=Value. Several are joined with ", ".
/// </summary>
public static class ParameterText
{
    public static string Format(IEnumerable<(string Name, object? Value)> parameters)
    {
        var parts = parameters.Select(p => FormatOne(p.Name, p.Value)).ToList();
        return parts.Count == 0 ? "-" : string.Join(", ", parts);
    }

    public static bool IsSize(string name) =>
        name.EndsWith("Bytes", StringComparison.Ordinal) || name == "DataSize";

    private static string FormatOne(string name, object? value)
    {
        if (IsSize(name) && value is int or long)
        {
            return TestData.FormatSize(Convert.ToInt64(value, CultureInfo.InvariantCulture));
        }

        if (name == "ParallelNum")
        {
            return string.Create(CultureInfo.InvariantCulture, $"{value} tasks");
        }

        if (value is Enum)
        {
            return value.ToString()!;
        }

        return string.Create(CultureInfo.InvariantCulture, $"{name}={value}");
    }
}

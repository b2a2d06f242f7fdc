using System.Globalization;

namespace Eddy.Benchmarks.Harness;

/// <summary>Human-readable times, byte counts and ratios for tables and charts.</summary>
public static class Units
{
    private static readonly CultureInfo s_invariant = CultureInfo.InvariantCulture;

    public static string Time(double nanoseconds) => nanoseconds switch
    {
        < 1e3 => string.Format(s_invariant, "{0:0.0} ns", nanoseconds),
        < 1e6 => string.Format(s_invariant, "{0:0.00} µs", nanoseconds / 1e3),
        < 1e9 => string.Format(s_invariant, "{0:0.00} ms", nanoseconds / 1e6),
        _ => string.Format(s_invariant, "{0:0.00} s", nanoseconds / 1e9),
    };

    /// <summary>Binary units (KiB = 1024 B), as BenchmarkDotNet's Allocated column uses.</summary>
    public static string Bytes(long? bytes) => bytes switch
    {
        null => "?",
        < 1024 => string.Format(s_invariant, "{0} B", bytes),
        < 1024 * 1024 => string.Format(s_invariant, "{0:0.##} KiB", bytes / 1024.0),
        < 1024L * 1024 * 1024 => string.Format(s_invariant, "{0:0.##} MiB", bytes / (1024.0 * 1024)),
        _ => string.Format(s_invariant, "{0:0.##} GiB", bytes / (1024.0 * 1024 * 1024)),
    };

    public static string Ratio(double? ratio) => ratio is { } r ? r.ToString("0.00", s_invariant) + "×" : "-";

    /// <summary>A decade label for a log-scale time axis: 1 ns, 10 ns, ..., 1 µs, ...</summary>
    public static string TimeDecade(double exponent)
    {
        string[] units = ["ns", "µs", "ms", "s"];
        int e = (int)System.Math.Round(exponent);
        int unit = System.Math.Clamp(e / 3, 0, units.Length - 1);
        return string.Format(s_invariant, "{0} {1}", System.Math.Pow(10, e - (3 * unit)), units[unit]);
    }
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;

namespace Eddy.ServiceBenchmark.Load;

/// <summary>
/// The run's tables: every figure per endpoint and configuration (the median of the rounds), Eddy ÷ stock with the
/// targets checked, Eddy's Kestrel pool ÷ Kestrel's own, and the working sets after the load and after idling.
/// </summary>
public static class Report
{
    // "Level" tolerates this much either way, the noise of a request/s figure between two rounds.
    private const double Level = 0.03;

    /// <summary>Writes <paramref name="directory"/>/{mode}.md and {mode}.json; returns the markdown.</summary>
    public static string Write(RunResult result, string directory)
    {
        ArgumentNullException.ThrowIfNull(result);
        Directory.CreateDirectory(directory);
        string markdown = Markdown(result);
        File.WriteAllText(Path.Combine(directory, result.Mode + ".md"), markdown);
        File.WriteAllText(Path.Combine(directory, result.Mode + ".json"), JsonSerializer.Serialize(result, ResultJsonContext.Default.RunResult));
        return markdown;
    }

    public static string Markdown(RunResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        var text = new StringBuilder();
        text.AppendLine(CultureInfo.InvariantCulture, $"Service benchmark, {result.Mode} mode: {result.Date:yyyy-MM-dd HH:mm} UTC, {result.Machine}; {result.Rounds} round(s) of every configuration in alternation, {result.Concurrency} requests in flight, loopback, {result.TotalSeconds:F0} s in all. Figures are the median of the rounds.");
        text.AppendLine();
        text.AppendLine("| endpoint | configuration | requests/s | bytes allocated per request | gen0 / gen1 / gen2 per 10,000 requests | p50 | p99 | peak working set |");
        text.AppendLine("|---|---|---:|---:|---:|---:|---:|---:|");
        List<string> configurations = result.Cases.Select(c => c.Configuration).Distinct().ToList();
        List<string> caseIds = result.Cases.Select(c => c.Case).Distinct().ToList();
        foreach (string caseId in caseIds)
        {
            foreach (string configuration in configurations)
            {
                Figures f = Figures.Of(result, configuration, caseId);
                text.AppendLine(CultureInfo.InvariantCulture, $"| {caseId} | {configuration} | {f.RequestsPerSecond:N0} | {Bytes(f.AllocatedBytesPerRequest)} | {f.Gen0:0.#} / {f.Gen1:0.#} / {f.Gen2:0.#} | {f.P50Ms:0.00} ms | {f.P99Ms:0.00} ms | {f.PeakWorkingSet / 1048576.0:N0} MiB |");
            }
        }

        if (configurations.Contains("stock") && configurations.Contains("eddy"))
        {
            text.AppendLine();
            text.AppendLine("Eddy ÷ stock (same run). Targets: from 64 KB up at most 0.2× the bytes allocated, no gen2 collection, requests/s at least 0.97×, p99 at most 1.03×; below 64 KB level on every figure (within 3 %, collections no more than stock's).");
            text.AppendLine();
            RatioTable(text, result, "eddy", "stock", caseIds, withTargets: true);
        }

        if (configurations.Contains("eddy") && configurations.Contains("eddy-pool"))
        {
            text.AppendLine();
            text.AppendLine("AddEddyKestrelMemoryPool: Eddy's Kestrel pool ÷ Kestrel's own (eddy-pool ÷ eddy, both on Eddy's streams, same run).");
            text.AppendLine();
            RatioTable(text, result, "eddy-pool", "eddy", caseIds, withTargets: false);
        }

        text.AppendLine();
        double idle = result.Servers.Count == 0 ? 0 : result.Servers.Min(s => s.IdleSeconds);
        text.AppendLine(CultureInfo.InvariantCulture, $"| configuration | working set after the load | after {idle:F0} s idle |");
        text.AppendLine("|---|---:|---:|");
        foreach (string configuration in configurations)
        {
            var servers = result.Servers.Where(s => s.Configuration == configuration).ToList();
            if (servers.Count == 0)
            {
                continue;
            }

            text.AppendLine(CultureInfo.InvariantCulture, $"| {configuration} | {Median(servers.Select(s => (double)s.WorkingSetAfterLoad)) / 1048576:N0} MiB | {Median(servers.Select(s => (double)s.WorkingSetAfterIdle)) / 1048576:N0} MiB |");
        }

        return text.ToString();
    }

    private static void RatioTable(StringBuilder text, RunResult result, string numerator, string denominator, List<string> caseIds, bool withTargets)
    {
        text.AppendLine(withTargets
            ? "| endpoint | requests/s | bytes/request | gen0 | gen1 | gen2 | p50 | p99 | peak working set | targets |"
            : "| endpoint | requests/s | bytes/request | gen0 | gen1 | gen2 | p50 | p99 | peak working set |");
        text.AppendLine(withTargets ? "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|" : "|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (string caseId in caseIds)
        {
            Figures a = Figures.Of(result, numerator, caseId);
            Figures b = Figures.Of(result, denominator, caseId);
            text.Append(CultureInfo.InvariantCulture, $"| {caseId} | {Ratio(a.RequestsPerSecond, b.RequestsPerSecond)} | {Ratio(a.AllocatedBytesPerRequest, b.AllocatedBytesPerRequest)} | {Counts(a.Gen0, b.Gen0)} | {Counts(a.Gen1, b.Gen1)} | {Counts(a.Gen2, b.Gen2)} | {Ratio(a.P50Ms, b.P50Ms)} | {Ratio(a.P99Ms, b.P99Ms)} | {Ratio(a.PeakWorkingSet, b.PeakWorkingSet)} |");
            if (withTargets)
            {
                List<string> missed = Missed(caseId, a, b);
                text.Append(missed.Count == 0 ? " met |" : " missed: " + string.Join(", ", missed) + " |");
            }

            text.AppendLine();
        }
    }

    /// <summary>The targets a case missed (empty when it met them all).</summary>
    public static List<string> Missed(string caseId, Figures eddy, Figures stock)
    {
        ArgumentNullException.ThrowIfNull(caseId);
        ArgumentNullException.ThrowIfNull(eddy);
        ArgumentNullException.ThrowIfNull(stock);
        var missed = new List<string>();
        if (eddy.RequestsPerSecond < (1 - Level) * stock.RequestsPerSecond)
        {
            missed.Add("requests/s");
        }

        if (eddy.P99Ms > (1 + Level) * stock.P99Ms)
        {
            missed.Add("p99");
        }

        bool large = !caseId.EndsWith(" 1 KB", StringComparison.Ordinal) && !caseId.EndsWith(" 16 KB", StringComparison.Ordinal);
        if (large)
        {
            if (eddy.AllocatedBytesPerRequest > 0.2 * stock.AllocatedBytesPerRequest)
            {
                missed.Add("bytes/request");
            }

            if (eddy.Gen2 > 0)
            {
                missed.Add("gen2");
            }
        }
        else
        {
            if (eddy.AllocatedBytesPerRequest > (1 + Level) * stock.AllocatedBytesPerRequest)
            {
                missed.Add("bytes/request");
            }

            if (eddy.P50Ms > (1 + Level) * stock.P50Ms)
            {
                missed.Add("p50");
            }

            if (eddy.Gen0 > stock.Gen0 || eddy.Gen1 > stock.Gen1 || eddy.Gen2 > stock.Gen2)
            {
                missed.Add("collections");
            }
        }

        return missed;
    }

    private static string Bytes(double bytes) => bytes switch
    {
        >= 1 << 20 => string.Create(CultureInfo.InvariantCulture, $"{bytes / 1048576:0.00} MiB"),
        >= 1 << 10 => string.Create(CultureInfo.InvariantCulture, $"{bytes / 1024:0.0} KiB"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{bytes:0} B"),
    };

    private static string Ratio(double a, double b) =>
        b == 0 ? (a == 0 ? "level (0)" : "n/a") : string.Create(CultureInfo.InvariantCulture, $"{a / b:0.00}×");

    // Collections per 10,000 requests are small whole numbers: the two figures say more than their ratio.
    private static string Counts(double a, double b) => string.Create(CultureInfo.InvariantCulture, $"{a:0.#} vs {b:0.#}");

    private static double Median(IEnumerable<double> values)
    {
        double[] sorted = values.Order().ToArray();
        int middle = sorted.Length / 2;
        return sorted.Length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /// <summary>One configuration's figures at one case: the median of its rounds.</summary>
    public sealed record Figures(double RequestsPerSecond, double AllocatedBytesPerRequest, double Gen0, double Gen1, double Gen2, double P50Ms, double P99Ms, double PeakWorkingSet)
    {
        public static Figures Of(RunResult result, string configuration, string caseId)
        {
            ArgumentNullException.ThrowIfNull(result);
            var rounds = result.Cases.Where(c => c.Configuration == configuration && c.Case == caseId).ToList();
            if (rounds.Count == 0)
            {
                throw new InvalidOperationException($"No measurement of {caseId} on {configuration}.");
            }

            return new Figures(
                Median(rounds.Select(r => r.RequestsPerSecond)),
                Median(rounds.Select(r => r.AllocatedBytesPerRequest)),
                Median(rounds.Select(r => r.Gen0Per10K)),
                Median(rounds.Select(r => r.Gen1Per10K)),
                Median(rounds.Select(r => r.Gen2Per10K)),
                Median(rounds.Select(r => r.P50Ms)),
                Median(rounds.Select(r => r.P99Ms)),
                Median(rounds.Select(r => (double)r.PeakWorkingSet)));
        }
    }
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace Eddy.ServiceBenchmark.Load;

/// <summary>
/// Runs the service benchmark: for each round, each configuration in turn gets a fresh server process; every case is
/// checked whole once, warmed up, then measured (the server settled before each case). Each server then idles
/// while the next one runs, and its working set is read when its idle time is up.
/// </summary>
public static class BenchmarkRunner
{
    public static async Task<RunResult> RunAsync(RunSettings settings, TextWriter log, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(log);
        var clock = Stopwatch.StartNew();
        List<Expectation> expectations = settings.Cases.Select(Expectation.For).ToList();
        await log.WriteLineAsync(FormattableString.Invariant($"expected responses computed in {clock.Elapsed.TotalSeconds:F1} s")).ConfigureAwait(false);
        var cases = new List<CaseMeasurement>();
        var idling = new List<Task<ServerMeasurement>>();
        try
        {
            for (int round = 1; round <= settings.Rounds; round++)
            {
                foreach (ServiceConfiguration configuration in settings.Configurations)
                {
                    ServerProcess server = await ServerProcess.StartAsync(configuration, cancellationToken).ConfigureAwait(false);
                    try
                    {
                        await log.WriteLineAsync(FormattableString.Invariant($"round {round}, {configuration.Name}: server at {server.Address} ({clock.Elapsed.TotalSeconds:F1} s)")).ConfigureAwait(false);
                        cases.AddRange(await MeasureAsync(server, round, expectations, settings, log, cancellationToken).ConfigureAwait(false));
                    }
                    catch
                    {
                        await server.DisposeAsync().ConfigureAwait(false);
                        throw;
                    }

                    idling.Add(IdleThenStopAsync(server, round, settings.Idle, cancellationToken));
                }
            }
        }
        finally
        {
            // Every server stops, whatever happened.
            await Task.WhenAll(idling.Select(t => t.ContinueWith(_ => { }, TaskScheduler.Default))).ConfigureAwait(false);
        }

        ServerMeasurement[] servers = await Task.WhenAll(idling).ConfigureAwait(false);
        return new RunResult(settings.Mode, Machine(), DateTime.UtcNow, settings.Concurrency, settings.Rounds, clock.Elapsed.TotalSeconds, cases, servers);
    }

    /// <summary>One line naming the machine: cores, processor, OS, runtime.</summary>
    public static string Machine()
    {
        string cpu = RuntimeInformation.ProcessArchitecture.ToString();
        if (File.Exists("/proc/cpuinfo"))
        {
            string? model = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal));
            if (model is not null)
            {
                cpu = model[(model.IndexOf(':', StringComparison.Ordinal) + 1)..].Trim();
            }
        }

        return $"{Environment.ProcessorCount} cores, {cpu}, {RuntimeInformation.OSDescription}, .NET {Environment.Version}";
    }

    private static async Task<List<CaseMeasurement>> MeasureAsync(ServerProcess server, int round, List<Expectation> expectations, RunSettings settings, TextWriter log, CancellationToken cancellationToken)
    {
        using var load = new LoadGenerator(server.Address, settings.Concurrency);
        if ((await server.StatsAsync(settle: false, cancellationToken).ConfigureAwait(false)).DynamicHeapCount)
        {
            throw new InvalidOperationException($"{server.Configuration.Name}: the server GC changes its heap count (DATAS), so GC.GetTotalAllocatedBytes can go backwards; the project sets GarbageCollectionAdaptationMode to 0.");
        }

        // Every case answers correctly, checked whole, before anything is measured.
        foreach (Expectation expectation in expectations)
        {
            await load.RunAsync(expectation, 1, TimeSpan.FromMinutes(1), verifyAll: true, cancellationToken).ConfigureAwait(false);
        }

        if (settings.WarmupShare > 0)
        {
            foreach (Expectation expectation in expectations)
            {
                int warmup = Math.Max(settings.Concurrency, (int)(settings.RequestsFor(expectation.Case) * settings.WarmupShare));
                await load.RunAsync(expectation, warmup, settings.WarmupTimeLimit, verifyAll: false, cancellationToken).ConfigureAwait(false);
            }
        }

        var measured = new List<CaseMeasurement>();
        foreach (Expectation expectation in expectations)
        {
            EndpointCase endpointCase = expectation.Case;
            // A clean heap for each case, then a few requests again: the full collection lets both Eddy's pool and
            // ArrayPool<byte>.Shared trim themselves, and the case is to be measured with warm pools.
            await server.StatsAsync(settle: true, cancellationToken).ConfigureAwait(false);
            await load.RunAsync(expectation, 2 * settings.Concurrency, settings.CaseTimeLimit, verifyAll: false, cancellationToken).ConfigureAwait(false);
            ServerStats before = await server.StatsAsync(settle: false, cancellationToken).ConfigureAwait(false);
            LoadResult result = await load.RunAsync(expectation, settings.RequestsFor(endpointCase), settings.CaseTimeLimit, settings.VerifyEveryResponse, cancellationToken).ConfigureAwait(false);
            ServerStats after = await server.StatsAsync(settle: false, cancellationToken).ConfigureAwait(false);
            CaseMeasurement measurement = CaseMeasurement.Between(server.Configuration.Name, round, endpointCase, result, before, after);
            measured.Add(measurement);
            await log.WriteLineAsync(FormattableString.Invariant(
                $"  {endpointCase.Id,-12} {result.Completed,6} req {measurement.RequestsPerSecond,9:F0} req/s {measurement.AllocatedBytesPerRequest,12:F0} B/req gen0/1/2 {measurement.Gen0}/{measurement.Gen1}/{measurement.Gen2} p50 {measurement.P50Ms:F2} ms p99 {measurement.P99Ms:F2} ms peak {measurement.PeakWorkingSet / 1048576.0:F0} MiB, Eddy pool allocated {measurement.EddyPoolAllocatedBytesPerRequest:F0} B/req")).ConfigureAwait(false);
        }

        // The stats endpoint uses no Eddy stream: Eddy's pool rents blocks for it only when Kestrel's transport is on it.
        ServerStats first = await server.StatsAsync(settle: false, cancellationToken).ConfigureAwait(false);
        ServerStats second = await server.StatsAsync(settle: false, cancellationToken).ConfigureAwait(false);
        if (server.Configuration.EddyTransport != (second.BlockPoolRentedBlocks > first.BlockPoolRentedBlocks))
        {
            throw new InvalidDataException($"{server.Configuration.Name}: a request on no Eddy stream rented {second.BlockPoolRentedBlocks - first.BlockPoolRentedBlocks} blocks from Eddy's pool.");
        }

        return measured;
    }

    private static async Task<ServerMeasurement> IdleThenStopAsync(ServerProcess server, int round, TimeSpan idle, CancellationToken cancellationToken)
    {
        await using (server.ConfigureAwait(false))
        {
            ServerStats afterLoad = await server.StatsAsync(settle: false, cancellationToken).ConfigureAwait(false);
            var idleClock = Stopwatch.StartNew();
            await Task.Delay(idle, cancellationToken).ConfigureAwait(false);
            ServerStats afterIdle = await server.StatsAsync(settle: false, cancellationToken).ConfigureAwait(false);
            return new ServerMeasurement(
                server.Configuration.Name,
                round,
                afterIdle.ServerGc,
                afterIdle.DynamicHeapCount,
                server.Configuration.EddyTransport,
                afterLoad.WorkingSet,
                afterIdle.WorkingSet,
                idleClock.Elapsed.TotalSeconds);
        }
    }
}

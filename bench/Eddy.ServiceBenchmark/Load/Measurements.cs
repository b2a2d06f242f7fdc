using System;
using System.Collections.Generic;
using System.IO;
using System.Text.Json.Serialization;

namespace Eddy.ServiceBenchmark.Load;

/// <summary>One case's measured pass against one server: client-side throughput and latency, server-side memory.</summary>
public sealed record CaseMeasurement(
    string Configuration,
    int Round,
    string Case,
    string Endpoint,
    string Size,
    int Requests,
    double Seconds,
    double RequestsPerSecond,
    double AllocatedBytesPerRequest,
    int Gen0,
    int Gen1,
    int Gen2,
    double P50Ms,
    double P99Ms,
    long PeakWorkingSet,
    double EddyPoolAllocatedBytesPerRequest)
{
    public double Gen0Per10K => Gen0 * 10_000.0 / Requests;

    public double Gen1Per10K => Gen1 * 10_000.0 / Requests;

    public double Gen2Per10K => Gen2 * 10_000.0 / Requests;

    /// <summary>
    /// The case's figures from the load's result and the server's counters read just before and just after it.
    /// Throws <see cref="InvalidDataException"/> when a counter went backwards: such a difference is no figure
    /// (<c>GC.GetTotalAllocatedBytes</c> drops when the server GC retires a heap, see <see cref="ServerStats.DynamicHeapCount"/>).
    /// </summary>
    public static CaseMeasurement Between(string configuration, int round, EndpointCase endpointCase, LoadResult result, ServerStats before, ServerStats after)
    {
        ArgumentNullException.ThrowIfNull(endpointCase);
        ArgumentNullException.ThrowIfNull(result);
        ArgumentNullException.ThrowIfNull(before);
        ArgumentNullException.ThrowIfNull(after);
        if (result.Completed == 0)
        {
            throw new InvalidDataException($"{configuration}: {endpointCase.Id} completed no request.");
        }

        long allocated = Increase(after.AllocatedBytes, before.AllocatedBytes, "allocated bytes");
        long gen0 = Increase(after.Gen0, before.Gen0, "gen0 collections");
        long gen1 = Increase(after.Gen1, before.Gen1, "gen1 collections");
        long gen2 = Increase(after.Gen2, before.Gen2, "gen2 collections");
        long eddyPoolAllocated = Increase(after.BlockPoolAllocatedBytes, before.BlockPoolAllocatedBytes, "Eddy pool's allocated bytes");
        return new CaseMeasurement(
            configuration,
            round,
            endpointCase.Id,
            endpointCase.Endpoint,
            endpointCase.Size,
            result.Completed,
            result.Elapsed.TotalSeconds,
            result.RequestsPerSecond,
            allocated / (double)result.Completed,
            (int)gen0,
            (int)gen1,
            (int)gen2,
            result.Percentile(0.50),
            result.Percentile(0.99),
            after.PeakWorkingSet,
            eddyPoolAllocated / (double)result.Completed);

        long Increase(long last, long first, string counter) => last >= first
            ? last - first
            : throw new InvalidDataException($"{configuration}: {endpointCase.Id}: the server's {counter} went from {first} to {last}; a counter that goes backwards measures nothing (dynamic heap count: {after.DynamicHeapCount}).");
    }
}

/// <summary>One server process: its working set after the load and after idling.</summary>
public sealed record ServerMeasurement(
    string Configuration,
    int Round,
    bool ServerGc,
    bool DynamicHeapCount,
    bool KestrelOnEddyPool,
    long WorkingSetAfterLoad,
    long WorkingSetAfterIdle,
    double IdleSeconds);

/// <summary>Everything a run measured, as artifacts/service-bench/results.json holds it.</summary>
public sealed record RunResult(
    string Mode,
    string Machine,
    DateTime Date,
    int Concurrency,
    int Rounds,
    double TotalSeconds,
    IReadOnlyList<CaseMeasurement> Cases,
    IReadOnlyList<ServerMeasurement> Servers);

[JsonSerializable(typeof(RunResult))]
[JsonSourceGenerationOptions(WriteIndented = true, PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
public sealed partial class ResultJsonContext : JsonSerializerContext;

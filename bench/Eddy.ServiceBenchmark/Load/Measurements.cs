using System;
using System.Collections.Generic;
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
}

/// <summary>One server process: its working set after the load and after idling.</summary>
public sealed record ServerMeasurement(
    string Configuration,
    int Round,
    bool ServerGc,
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

using System;
using System.Collections.Generic;

namespace Eddy.ServiceBenchmark.Load;

/// <summary>How long and how hard a run drives each server.</summary>
public sealed record RunSettings
{
    /// <summary>"full", "quick" or "smoke".</summary>
    public required string Mode { get; init; }

    /// <summary>How many times each configuration runs; the configurations alternate within each round.</summary>
    public required int Rounds { get; init; }

    /// <summary>Requests in flight at once (and connections: one per worker).</summary>
    public required int Concurrency { get; init; }

    /// <summary>The full mode's request counts are divided by this (at least <see cref="MinimumRequests"/> remain).</summary>
    public required int RequestDivisor { get; init; }

    public required int MinimumRequests { get; init; }

    /// <summary>A case stops at its request count or after this long, whichever comes first.</summary>
    public required TimeSpan CaseTimeLimit { get; init; }

    /// <summary>Warm-up per case before the measured pass: this share of its requests, within <see cref="WarmupTimeLimit"/>.</summary>
    public required double WarmupShare { get; init; }

    public required TimeSpan WarmupTimeLimit { get; init; }

    /// <summary>How long each server idles after its last case before its working set is read.</summary>
    public required TimeSpan Idle { get; init; }

    /// <summary>Whether every response is checked whole (SHA-256 of the content), not only its status and length.</summary>
    public required bool VerifyEveryResponse { get; init; }

    public IReadOnlyList<ServiceConfiguration> Configurations { get; init; } = ServiceConfiguration.All;

    public IReadOnlyList<EndpointCase> Cases { get; init; } = EndpointCase.All;

    /// <summary>The benchmark: every configuration twice, 30 s idle; about 5 minutes on 2 cores.</summary>
    public static RunSettings Full { get; } = new()
    {
        Mode = "full",
        Rounds = 2,
        Concurrency = 8,
        RequestDivisor = 1,
        MinimumRequests = 32,
        CaseTimeLimit = TimeSpan.FromSeconds(8),
        WarmupShare = 0.1,
        WarmupTimeLimit = TimeSpan.FromSeconds(1.5),
        Idle = TimeSpan.FromSeconds(30),
        VerifyEveryResponse = false,
    };

    /// <summary>Every case on every configuration once, a tenth of the requests, 3 s idle: about a minute.</summary>
    public static RunSettings Quick { get; } = new()
    {
        Mode = "quick",
        Rounds = 1,
        Concurrency = 8,
        RequestDivisor = 10,
        MinimumRequests = 16,
        CaseTimeLimit = TimeSpan.FromSeconds(2),
        WarmupShare = 0.1,
        WarmupTimeLimit = TimeSpan.FromSeconds(0.5),
        Idle = TimeSpan.FromSeconds(3),
        VerifyEveryResponse = false,
    };

    /// <summary>A few requests per case, every response checked whole: the CI smoke check.</summary>
    public static RunSettings Smoke { get; } = new()
    {
        Mode = "smoke",
        Rounds = 1,
        Concurrency = 2,
        RequestDivisor = int.MaxValue,
        MinimumRequests = 3,
        CaseTimeLimit = TimeSpan.FromSeconds(60),
        WarmupShare = 0,
        WarmupTimeLimit = TimeSpan.Zero,
        Idle = TimeSpan.Zero,
        VerifyEveryResponse = true,
    };

    public int RequestsFor(EndpointCase endpointCase)
    {
        ArgumentNullException.ThrowIfNull(endpointCase);
        return Math.Max(MinimumRequests, endpointCase.FullRequests / RequestDivisor);
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using Eddy.FileBuffering;

namespace Eddy.ServiceBenchmark;

/// <summary>
/// One configuration of the service: where its endpoints buffer bodies (stock .NET or Eddy) and which memory pool
/// Kestrel's transport uses (its own or Eddy's). The endpoint code is the same in every configuration.
/// </summary>
public sealed record ServiceConfiguration(string Name, bool EddyBuffers, bool EddyTransport)
{
    /// <summary><c>MemoryStream</c>, <c>EnableBuffering</c>, Kestrel's own pool.</summary>
    public static ServiceConfiguration Stock { get; } = new("stock", EddyBuffers: false, EddyTransport: false);

    /// <summary>
    /// What docs/aspnetcore.md recommends: responses in streams from <c>PooledMemoryStreamPool</c>, request bodies in a
    /// <c>FileBufferingStream</c>, Kestrel on its own pool.
    /// </summary>
    public static ServiceConfiguration Eddy { get; } = new("eddy", EddyBuffers: true, EddyTransport: false);

    /// <summary><see cref="Eddy"/> plus <c>AddEddyKestrelMemoryPool</c>: against <see cref="Eddy"/> it isolates the transport pool.</summary>
    public static ServiceConfiguration EddyWithKestrelPool { get; } = new("eddy-pool", EddyBuffers: true, EddyTransport: true);

    public static IReadOnlyList<ServiceConfiguration> All { get; } = [Stock, Eddy, EddyWithKestrelPool];

    public static ServiceConfiguration Parse(string name) =>
        All.SingleOrDefault(c => c.Name == name)
        ?? throw new ArgumentException($"Unknown configuration '{name}'; expected one of {string.Join(", ", All.Select(c => c.Name))}.", nameof(name));
}

/// <summary>The limits both configurations share, so they buffer and spill at the same sizes.</summary>
public static class ServiceLimits
{
    /// <summary>Request bodies up to this length stay in memory (<c>EnableBuffering</c>'s bufferThreshold, <c>MemoryThreshold</c>).</summary>
    public const int MemoryThreshold = 1 << 20;

    /// <summary>The longest request body accepted and buffered (Kestrel's MaxRequestBodySize, bufferLimit, <c>MaximumLength</c>).</summary>
    public const int MaximumBody = 64 << 20;

    /// <summary>The longest generated response the service builds.</summary>
    public const int MaximumResponse = 8 << 20;
}

using System;
using System.Buffers;
using System.Threading;
using Eddy.Pipelines;
using Eddy.Pooling;
using Microsoft.AspNetCore.Connections;

namespace Eddy.AspNetCore;

/// <summary>
/// Gives Kestrel's socket and named-pipe transports (and so the HTTP/1.1 and HTTP/2 connections on them) a
/// <see cref="BlockMemoryPool"/> over one Eddy <see cref="ArrayPool{T}"/> of bytes wherever they would create a
/// pinned-block pool. Register it with <see cref="Microsoft.Extensions.DependencyInjection.EddyAspNetCoreServiceCollectionExtensions.AddEddyKestrelMemoryPool"/>,
/// before or after <c>UseKestrel</c>.
/// </summary>
/// <remarks>
/// Kestrel's own pool keeps 4 KiB blocks on the pinned object heap. Eddy's <see cref="BlockPool"/> allocates
/// ordinary arrays unless <see cref="BlockPoolOptions.PinnedHeapMinimumBlockLength"/> says otherwise; the sockets pin
/// a block only for the duration of each receive or send. Every pool this factory creates draws from, and returns to,
/// the same <see cref="ArrayPool{T}"/>, so memory freed by one connection serves the next.
/// </remarks>
public sealed class BlockMemoryPoolFactory : IMemoryPoolFactory<byte>
{
    private readonly ArrayPool<byte>? _pool;
    private int _created;

    /// <summary>A factory over <paramref name="pool"/>; null means Eddy's default byte pool (<see cref="BlockPool.Shared"/>).</summary>
    public BlockMemoryPoolFactory(ArrayPool<byte>? pool = null) => _pool = pool;

    /// <summary>How many pools Kestrel asked this factory for (for the tests).</summary>
    internal int CreatedPools => Volatile.Read(ref _created);

    /// <summary>Creates a pool for one Kestrel component (the owner is named in <paramref name="options"/>; it does not change the pool).</summary>
    /// <param name="options">Kestrel's description of the pool's owner; may be null.</param>
    /// <returns>A new <see cref="BlockMemoryPool"/>; Kestrel disposes it when the owner shuts down.</returns>
    public MemoryPool<byte> Create(MemoryPoolOptions? options = null)
    {
        Interlocked.Increment(ref _created);
        return new BlockMemoryPool(_pool);
    }
}

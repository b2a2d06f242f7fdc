using System;
using System.Buffers;
using Eddy.AspNetCore;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Server.Kestrel.Transport.NamedPipes;
using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;

// The conventional namespace for IServiceCollection extensions, so the call shows up wherever services are configured.
namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Puts Kestrel on Eddy's pooled memory.</summary>
public static class EddyAspNetCoreServiceCollectionExtensions
{
    /// <summary>
    /// Registers a <see cref="BlockMemoryPoolFactory"/> (a singleton, resolvable as itself) and makes Kestrel's socket
    /// and named-pipe transports take their pools from it, so their connections, and the HTTP/1.1 and HTTP/2 requests
    /// on them, rent their buffers from Eddy. Call it before or after <c>UseKestrel</c>: either order works.
    /// </summary>
    /// <remarks>
    /// <para>
    /// ASP.NET Core 10's transports fill in their memory pool factory from the container's
    /// <see cref="IMemoryPoolFactory{T}"/>, and <c>UseKestrel</c> (which <c>WebApplication.CreateBuilder</c> and
    /// <c>CreateSlimBuilder</c> also run) adds its own pinned-block factory there each time it runs. This method
    /// replaces every <see cref="IMemoryPoolFactory{T}"/> of bytes registered so far with the
    /// <see cref="BlockMemoryPoolFactory"/>, and post-configures <c>SocketTransportOptions</c> and
    /// <c>NamedPipeTransportOptions</c> (post-configuration runs after every <c>Configure</c>, whatever the order of the
    /// calls) to run the transports' own factory configuration again with the <see cref="BlockMemoryPoolFactory"/>.
    /// </para>
    /// <para>
    /// The container returns the last registration of a service: after a later <c>UseKestrel</c>, resolving
    /// <see cref="IMemoryPoolFactory{T}"/> gives Kestrel's factory, which the transports then do not use. Resolve
    /// <see cref="BlockMemoryPoolFactory"/> for Eddy's in either order. A second call replaces the first call's
    /// factory. The QUIC transport (HTTP/3) does not take its pools from any factory. Should the transports' options no
    /// longer be configurable this way while another factory is registered after this one, building them (at host
    /// start) throws <see cref="InvalidOperationException"/> saying to call this method after <c>UseKestrel</c>.
    /// </para>
    /// </remarks>
    /// <param name="services">The service collection.</param>
    /// <param name="pool">The pool the blocks come from; null means the container's <see cref="ArrayPool{T}"/> of bytes
    /// when <c>AddEddy()</c> registered one, and Eddy's <see cref="Eddy.Pooling.BlockPool.Shared"/> otherwise.</param>
    /// <returns><paramref name="services"/>, for chaining.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> is null.</exception>
    public static IServiceCollection AddEddyKestrelMemoryPool(this IServiceCollection services, ArrayPool<byte>? pool = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.RemoveAll<BlockMemoryPoolFactory>();
        services.AddSingleton(provider => new BlockMemoryPoolFactory(pool ?? provider.GetService<ArrayPool<byte>>()));
        services.RemoveAll<IMemoryPoolFactory<byte>>();
        services.AddSingleton<IMemoryPoolFactory<byte>>(provider => provider.GetRequiredService<BlockMemoryPoolFactory>());

        // Registered once however often this method runs; each resolves the current BlockMemoryPoolFactory.
        services.TryAddEnumerable(ServiceDescriptor.Transient<IPostConfigureOptions<SocketTransportOptions>, TransportMemoryPoolSetup<SocketTransportOptions>>());
        services.TryAddEnumerable(ServiceDescriptor.Transient<IPostConfigureOptions<NamedPipeTransportOptions>, TransportMemoryPoolSetup<NamedPipeTransportOptions>>());
        return services;
    }
}

using System;
using System.Buffers;
using Eddy.AspNetCore;
using Microsoft.AspNetCore.Connections;
using Microsoft.Extensions.DependencyInjection.Extensions;

// The conventional namespace for IServiceCollection extensions, so the call shows up wherever services are configured.
namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Puts Kestrel on Eddy's pooled memory.</summary>
public static class EddyAspNetCoreServiceCollectionExtensions
{
    /// <summary>
    /// Registers a <see cref="BlockMemoryPoolFactory"/> as the <see cref="IMemoryPoolFactory{T}"/> of bytes, replacing
    /// any earlier registration (Kestrel's own default included), so Kestrel's transports and connections rent their
    /// buffers from Eddy.
    /// </summary>
    /// <param name="services">The service collection.</param>
    /// <param name="pool">The pool the blocks come from; null means the container's <see cref="ArrayPool{T}"/> of bytes
    /// when <c>AddEddy()</c> registered one, and Eddy's <see cref="Eddy.Pooling.BlockPool.Shared"/> otherwise.</param>
    /// <returns><paramref name="services"/>, for chaining.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> is null.</exception>
    public static IServiceCollection AddEddyKestrelMemoryPool(this IServiceCollection services, ArrayPool<byte>? pool = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.Replace(ServiceDescriptor.Singleton<IMemoryPoolFactory<byte>>(provider =>
            new BlockMemoryPoolFactory(pool ?? provider.GetService<ArrayPool<byte>>())));
        services.TryAddSingleton(provider => (BlockMemoryPoolFactory)provider.GetRequiredService<IMemoryPoolFactory<byte>>());
        return services;
    }
}

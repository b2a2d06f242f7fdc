using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Eddy.FileBuffering;
using Eddy.Pipelines;
using Eddy;
using Eddy.Extensions.DependencyInjection;
using Eddy.Pooling;

// The conventional namespace for IServiceCollection extensions, so AddEddy shows up wherever services are configured.
namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Eddy's pools in an <see cref="IServiceCollection"/>.</summary>
public static class EddyServiceCollectionExtensions
{
    // What AddEddy added to each collection, so that a later call can replace exactly that.
    private static readonly ConditionalWeakTable<IServiceCollection, List<ServiceDescriptor>> s_registrations = new();

    /// <summary>
    /// Registers, as singletons: <see cref="BlockPool"/>, <see cref="ArrayPool{T}"/> of <see cref="byte"/>
    /// (the same <see cref="BlockPool"/>), <see cref="PooledMemoryStreamOptions"/>,
    /// <see cref="PooledMemoryStreamPool"/>, <see cref="MemoryPool{T}"/> of <see cref="byte"/> (a
    /// <see cref="BlockMemoryPool"/> over the registered <see cref="BlockPool"/>, for <c>System.IO.Pipelines</c>) and
    /// <see cref="FileBufferingStreamOptions"/>. Each is added only when the collection has no registration of that
    /// service that the application made itself, so such registrations win, before or after this call.
    /// Called again on the same collection, the later call wins: it removes what the earlier <c>AddEddy</c>
    /// registered and registers from its own options.
    /// </summary>
    /// <remarks>
    /// <para>With no options set the services are Eddy's process-wide objects: <see cref="BlockPool.Shared"/>,
    /// <see cref="PooledMemoryStreamOptions.Default"/>, <see cref="PooledMemoryStreamPool.Shared"/>,
    /// <see cref="BlockMemoryPool.Shared"/> and <see cref="FileBufferingStreamOptions.Default"/>.</para>
    /// <para>The services depend on each other through the container: the streams' options default to the
    /// registered <see cref="BlockPool"/> (yours, if you registered one), and the stream pool uses the registered
    /// <see cref="PooledMemoryStreamOptions"/>.</para>
    /// </remarks>
    /// <param name="services">The service collection.</param>
    /// <param name="configure">Sets the <see cref="EddyOptions"/>; null keeps every default.</param>
    /// <returns><paramref name="services"/>, for chaining.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><see cref="EddyOptions.MaximumRetainedStreams"/> is negative.</exception>
    public static IServiceCollection AddEddy(this IServiceCollection services, Action<EddyOptions>? configure = null)
    {
        if (services is null)
        {
            throw new ArgumentNullException(nameof(services));
        }

        var options = new EddyOptions();
        configure?.Invoke(options);

        BlockPoolOptions? blockPoolOptions = options.BlockPool;
        PooledMemoryStreamOptions? streamOptions = options.StreamOptions;
        int maximumRetainedStreams = options.MaximumRetainedStreams;
        if (maximumRetainedStreams < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(configure), maximumRetainedStreams, "EddyOptions.MaximumRetainedStreams must not be negative.");
        }

        // The later call wins: take out what an earlier AddEddy on this collection added (registrations the
        // application made itself are not in that list and stay).
        List<ServiceDescriptor> added = s_registrations.GetValue(services, static _ => new List<ServiceDescriptor>());
        lock (added)
        {
            foreach (ServiceDescriptor earlier in added)
            {
                services.Remove(earlier);
            }

            added.Clear();
            TryAdd(services, added, blockPoolOptions is null
                ? ServiceDescriptor.Singleton(BlockPool.Shared)
                : ServiceDescriptor.Singleton(_ => new BlockPool(blockPoolOptions)));
            TryAdd(services, added, ServiceDescriptor.Singleton<ArrayPool<byte>>(static provider => provider.GetRequiredService<BlockPool>()));
            TryAdd(services, added, ServiceDescriptor.Singleton(provider => ResolveStreamOptions(streamOptions, provider.GetRequiredService<BlockPool>())));
            TryAdd(services, added, ServiceDescriptor.Singleton(provider => CreateStreamPool(provider.GetRequiredService<PooledMemoryStreamOptions>(), maximumRetainedStreams)));
            TryAdd(services, added, ServiceDescriptor.Singleton<MemoryPool<byte>>(static provider => CreateMemoryPool(provider.GetRequiredService<BlockPool>())));
            FileBufferingStreamOptions? fileBuffering = options.FileBuffering;
            TryAdd(services, added, ServiceDescriptor.Singleton(provider => ResolveFileBufferingOptions(fileBuffering, provider.GetRequiredService<PooledMemoryStreamOptions>())));
        }

        return services;
    }

    private static void TryAdd(IServiceCollection services, List<ServiceDescriptor> added, ServiceDescriptor descriptor)
    {
        foreach (ServiceDescriptor existing in services)
        {
            if (existing.ServiceType == descriptor.ServiceType)
            {
                return;
            }
        }

        services.Add(descriptor);
        added.Add(descriptor);
    }

    private static BlockMemoryPool CreateMemoryPool(BlockPool blockPool) =>
        ReferenceEquals(blockPool, BlockPool.Shared) ? BlockMemoryPool.Shared : new BlockMemoryPool(blockPool);

    private static FileBufferingStreamOptions ResolveFileBufferingOptions(FileBufferingStreamOptions? configured, PooledMemoryStreamOptions streamOptions)
    {
        FileBufferingStreamOptions options = configured ?? FileBufferingStreamOptions.Default;
        if (options.MemoryOptions is not null || ReferenceEquals(streamOptions, PooledMemoryStreamOptions.Default))
        {
            return options;
        }

        return new FileBufferingStreamOptions
        {
            MemoryThreshold = options.MemoryThreshold,
            MaximumLength = options.MaximumLength,
            TempDirectory = options.TempDirectory,
            FileBufferSize = options.FileBufferSize,
            MemoryOptions = streamOptions,
        };
    }

    private static PooledMemoryStreamOptions ResolveStreamOptions(PooledMemoryStreamOptions? configured, BlockPool blockPool)
    {
        PooledMemoryStreamOptions options = configured ?? PooledMemoryStreamOptions.Default;

        // A null Pool already means BlockPool.Shared, so the options (and with them the shared stream pool)
        // stay as they are unless the container's pool is another one.
        if (options.Pool is not null || ReferenceEquals(blockPool, BlockPool.Shared))
        {
            return options;
        }

        return new PooledMemoryStreamOptions
        {
            Mode = options.Mode,
            SegmentThreshold = options.SegmentThreshold,
            Pool = blockPool,
            InitialCapacity = options.InitialCapacity,
            ChunkLength = options.ChunkLength,
            MaximumChunkLength = options.MaximumChunkLength,
            ClearOnReturn = options.ClearOnReturn,
            MaximumGapLength = options.MaximumGapLength,
        };
    }

    private static PooledMemoryStreamPool CreateStreamPool(PooledMemoryStreamOptions options, int maximumRetainedStreams) =>
        ReferenceEquals(options, PooledMemoryStreamOptions.Default) && maximumRetainedStreams == 0
            ? PooledMemoryStreamPool.Shared
            : new PooledMemoryStreamPool(options, maximumRetainedStreams);
}

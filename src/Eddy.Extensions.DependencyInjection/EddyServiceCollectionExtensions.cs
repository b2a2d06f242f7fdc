using System;
using System.Buffers;
using Eddy;
using Eddy.Extensions.DependencyInjection;
using Eddy.Pooling;
using Microsoft.Extensions.DependencyInjection.Extensions;

// The conventional namespace for IServiceCollection extensions, so AddEddy shows up wherever services are configured.
namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Eddy's pools in an <see cref="IServiceCollection"/>.</summary>
public static class EddyServiceCollectionExtensions
{
    /// <summary>
    /// Registers, as singletons: <see cref="BlockPool"/>, <see cref="ArrayPool{T}"/> of <see cref="byte"/>
    /// (the same <see cref="BlockPool"/>), <see cref="PooledMemoryStreamOptions"/> and
    /// <see cref="PooledMemoryStreamPool"/>. Each is added only when the collection has no registration of that
    /// service yet, so registrations made before this call win, and a second call changes nothing.
    /// </summary>
    /// <remarks>
    /// <para>With no options set the services are Eddy's process-wide objects: <see cref="BlockPool.Shared"/>,
    /// <see cref="PooledMemoryStreamOptions.Default"/> and <see cref="PooledMemoryStreamPool.Shared"/>.</para>
    /// <para>The services depend on each other through the container: the streams' options default to the
    /// registered <see cref="BlockPool"/> (yours, if you registered one), and the stream pool uses the registered
    /// <see cref="PooledMemoryStreamOptions"/>.</para>
    /// </remarks>
    /// <param name="services">The service collection.</param>
    /// <param name="configure">Sets the <see cref="EddyOptions"/>; null keeps every default.</param>
    /// <returns><paramref name="services"/>, for chaining.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><see cref="EddyOptions.MaxRetainedStreams"/> is negative.</exception>
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
        int maxRetainedStreams = options.MaxRetainedStreams;
        if (maxRetainedStreams < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(configure), maxRetainedStreams, "EddyOptions.MaxRetainedStreams must not be negative.");
        }

        if (blockPoolOptions is null)
        {
            services.TryAddSingleton(BlockPool.Shared);
        }
        else
        {
            services.TryAddSingleton(_ => new BlockPool(blockPoolOptions));
        }

        services.TryAddSingleton<ArrayPool<byte>>(static provider => provider.GetRequiredService<BlockPool>());
        services.TryAddSingleton(provider => ResolveStreamOptions(streamOptions, provider.GetRequiredService<BlockPool>()));
        services.TryAddSingleton(provider => CreateStreamPool(provider.GetRequiredService<PooledMemoryStreamOptions>(), maxRetainedStreams));
        return services;
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
            MaxChunkLength = options.MaxChunkLength,
            ClearOnReturn = options.ClearOnReturn,
            MaxGapLength = options.MaxGapLength,
        };
    }

    private static PooledMemoryStreamPool CreateStreamPool(PooledMemoryStreamOptions options, int maxRetainedStreams) =>
        ReferenceEquals(options, PooledMemoryStreamOptions.Default) && maxRetainedStreams == 0
            ? PooledMemoryStreamPool.Shared
            : new PooledMemoryStreamPool(options, maxRetainedStreams);
}

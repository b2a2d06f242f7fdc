using Eddy.FileBuffering;
using Eddy.Pooling;

namespace Eddy.Extensions.DependencyInjection;

/// <summary>
/// What <c>services.AddEddy(...)</c> registers. Every property defaults to Eddy's process-wide objects:
/// with nothing set, the container hands out <see cref="Pooling.BlockPool.Shared"/>,
/// <see cref="PooledMemoryStreamPool.Shared"/> and <see cref="PooledMemoryStreamOptions.Default"/>.
/// </summary>
/// <remarks>
/// The values are read once, when <c>AddEddy</c> runs (the options objects themselves are used when the
/// services are first resolved, so change them before that).
/// </remarks>
public sealed class EddyOptions
{
    /// <summary>
    /// Settings of a byte pool owned by the container; null (default) registers <see cref="Pooling.BlockPool.Shared"/>.
    /// </summary>
    /// <remarks>
    /// Options out of their documented range throw <see cref="System.ArgumentOutOfRangeException"/> when the
    /// <see cref="Pooling.BlockPool"/> is first resolved.
    /// </remarks>
    public BlockPoolOptions? BlockPool { get; set; }

    /// <summary>
    /// Options of every stream of the registered <see cref="PooledMemoryStreamPool"/>; null (default) means
    /// <see cref="PooledMemoryStreamOptions.Default"/>. When their <see cref="PooledMemoryStreamOptions.Pool"/>
    /// is null, the streams draw from the container's <see cref="Pooling.BlockPool"/>.
    /// </summary>
    public PooledMemoryStreamOptions? StreamOptions { get; set; }

    /// <summary>
    /// How many idle streams the registered <see cref="PooledMemoryStreamPool"/> keeps; 0 (default) means the
    /// pool's own default (4 × processor count). Must not be negative.
    /// </summary>
    public int MaximumRetainedStreams { get; set; }

    /// <summary>
    /// Options registered for <see cref="FileBufferingStream"/>s; null (default) means
    /// <see cref="FileBufferingStreamOptions.Default"/>. When their <see cref="FileBufferingStreamOptions.MemoryOptions"/>
    /// are null, the streams keep their in-memory part as the registered <see cref="PooledMemoryStreamOptions"/> say.
    /// </summary>
    public FileBufferingStreamOptions? FileBuffering { get; set; }
}

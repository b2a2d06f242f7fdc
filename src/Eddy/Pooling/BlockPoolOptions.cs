using System;

namespace Eddy.Pooling;

/// <summary>
/// Settings for a <see cref="BlockPool"/>, immutable once built (<c>init</c> properties) and validated when the pool
/// is constructed. Every property has a safe default (<see cref="Default"/>); change only what you measured.
/// </summary>
/// <remarks>
/// Defaults:
/// <list type="bullet">
/// <item><see cref="MaximumBlockLength"/>: 1 MiB (size classes 256 B, 512 B, ..., 1 MiB: 13 classes).</item>
/// <item><see cref="MaximumRetainedBytes"/>: one sixteenth of
/// <c>GC.GetGCMemoryInfo().TotalAvailableMemoryBytes</c>, clamped to [16 MiB, 4 GiB]; 256 MiB on netstandard2.1.</item>
/// <item><see cref="ClearOnReturn"/>: false (callers may still ask per return with <c>clearArray</c>).</item>
/// <item><see cref="DetectDoubleReturn"/>: true (its cost per Rent+Return pair is in docs/pools.md).</item>
/// <item><see cref="IdleTrimDelay"/>: 30 seconds.</item>
/// <item><see cref="TrimOnGen2Collection"/>: true.</item>
/// <item><see cref="PinnedHeapMinimumBlockLength"/>: 0, meaning never (no block is allocated on the pinned object heap).</item>
/// </list>
/// </remarks>
public sealed partial class BlockPoolOptions
{

    /// <summary>The default of <see cref="MaximumBlockLength"/>: 1 MiB.</summary>
    internal const int DefaultMaximumBlockLength = 1 << 20;

    /// <summary>
    /// The largest pooled block, a power of two from 1 MiB to 1 GiB. Requests above it are served by unpooled
    /// arrays (see <see cref="BlockPool"/> for the rule that tells them apart on return).
    /// </summary>
    /// <remarks>Default: 1 MiB.</remarks>
    public int MaximumBlockLength { get; init; } = DefaultMaximumBlockLength;

    /// <summary>
    /// The hard cap on bytes the pool keeps, in every tier together (thread-local slots count with their
    /// reservation). Returned blocks that do not fit under the cap are dropped to the GC and counted. Zero
    /// makes a pool that retains nothing.
    /// </summary>
    /// <remarks>Default: one sixteenth of <c>GC.GetGCMemoryInfo().TotalAvailableMemoryBytes</c>, clamped to [16 MiB, 4 GiB]; 256 MiB on netstandard2.1.</remarks>
    public long MaximumRetainedBytes { get; init; } = DefaultMaximumRetainedBytes;

    /// <summary>How many blocks of one size class each per-core stack of the shared tier holds.</summary>
    /// <remarks>Default: 32.</remarks>
    internal int MaximumBlocksPerStack { get; init; } = 32;

    /// <summary>
    /// A byte budget per size class per core stack: a stack holds
    /// <c>max(MaximumBlocksPerStack, MaximumBytesPerStack / blockLength)</c> blocks. It lets the large classes that
    /// big streams draw on keep enough blocks to be reused whole (32 blocks of 1 MiB per core would make a 128 MiB
    /// stream allocate most of its chunks on every use), while small classes stay bounded by
    /// <see cref="MaximumBlocksPerStack"/>. The hard cap <see cref="MaximumRetainedBytes"/> applies on top;
    /// the stacks grow their storage only as blocks arrive. 0 turns the budget off.
    /// </summary>
    /// <remarks>Default: 256 MiB.</remarks>
    internal long MaximumBytesPerStack { get; init; } = DefaultMaximumBytesPerStack;

    /// <summary>The default <see cref="MaximumBytesPerStack"/>: 256 MiB.</summary>
    internal const long DefaultMaximumBytesPerStack = 256L << 20;

    /// <summary>
    /// When true every returned block is zeroed, so the next renter never sees the previous owner's bytes.
    /// When false only returns with <c>clearArray: true</c> are zeroed.
    /// </summary>
    /// <remarks>Default: false.</remarks>
    public bool ClearOnReturn { get; init; }

    /// <summary>
    /// When true, returning a block that is already in the pool throws <see cref="InvalidOperationException"/>.
    /// The check stamps a per-process random 64-bit cookie into the first 8 bytes of pooled blocks (overwritten with zeros when the block is rented).
    /// </summary>
    /// <remarks>Default: true.</remarks>
    public bool DetectDoubleReturn { get; init; } = true;

    /// <summary>
    /// How long a per-core stack or a thread's cache must go unused before a Gen2 collection trims it.
    /// <see cref="TimeSpan.Zero"/> trims everything at every Gen2 collection.
    /// </summary>
    /// <remarks>Default: 30 seconds.</remarks>
    public TimeSpan IdleTrimDelay { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// When true the pool trims idle blocks after each Gen2 collection, and everything when memory load is
    /// high (at least 90% of the GC's high-memory-load threshold).
    /// </summary>
    /// <remarks>Default: true.</remarks>
    public bool TrimOnGen2Collection { get; init; } = true;

    /// <summary>
    /// Blocks of at least this length are allocated on the pinned object heap (.NET 5 and later); 0 means never.
    /// Must be 0 or a power of two of at least 256.
    /// </summary>
    /// <remarks>Default: 0 (never). Measured in docs/pools.md: pinned allocation is no faster and the pool
    /// never pins, so the pinned heap only pays off for callers that pin blocks for I/O.</remarks>
    public int PinnedHeapMinimumBlockLength { get; init; }

    /// <summary>
    /// The machine-derived default of <see cref="MaximumRetainedBytes"/>: one sixteenth of the memory the GC
    /// may use (<c>GC.GetGCMemoryInfo().TotalAvailableMemoryBytes</c>), clamped to [16 MiB, 4 GiB];
    /// 256 MiB where that figure is unavailable (netstandard2.1).
    /// </summary>
    internal static long DefaultMaximumRetainedBytes { get; } = ComputeDefaultMaximumRetainedBytes();

    // Declared after DefaultMaximumRetainedBytes: static initializers run in textual order.
    /// <summary>The options <see cref="BlockPool.Shared"/> and <c>new BlockPool()</c> use: every property at its default.</summary>
    public static BlockPoolOptions Default { get; } = new();
}

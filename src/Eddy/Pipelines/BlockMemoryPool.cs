using System;
using System.Buffers;
using System.Diagnostics;
using System.Threading;
using Eddy.Internal;
using Eddy.Pooling;

namespace Eddy.Pipelines;

/// <summary>
/// A <see cref="MemoryPool{T}"/> of bytes over <see cref="BlockPool"/> (or any <see cref="ArrayPool{T}"/> of bytes),
/// for <c>System.IO.Pipelines</c> (<c>PipeOptions.Pool</c>), Kestrel (through an <c>IMemoryPoolFactory&lt;byte&gt;</c>,
/// see the Eddy.AspNetCore package) and anything else that takes a <see cref="MemoryPool{T}"/>.
/// </summary>
/// <remarks>
/// <para>
/// The contract, chosen to match <see cref="MemoryPool{T}.Shared"/>: <c>Rent(-1)</c> gives a block of
/// 4 KiB; <c>Rent(n)</c> gives a block of at least <c>n</c> bytes, and its
/// <see cref="IMemoryOwner{T}.Memory"/> is the whole pooled block: <c>n</c> rounded up to the pool's size class
/// (a power of two from 256 B for <see cref="BlockPool"/>), so a pipe fills every byte it was given.
/// <c>Rent(n)</c> with <c>n</c> above <see cref="MaxBufferSize"/> or below -1 throws
/// <see cref="ArgumentOutOfRangeException"/>, as <see cref="MemoryPool{T}.Shared"/> does.
/// </para>
/// <para>
/// Each owner gives its block back on its first <see cref="IDisposable.Dispose"/>; a second one does nothing, and
/// <see cref="IMemoryOwner{T}.Memory"/> after it throws <see cref="ObjectDisposedException"/>. Disposed owners are
/// kept for later rents (as Kestrel's own pool keeps its blocks, which are their own owners), so a
/// <c>Rent</c>/<c>Dispose</c> pair allocates nothing once warm: a reference kept past <c>Dispose</c> must not be
/// used, since a later <c>Rent</c> may hand the same owner out again with another block. An owner dropped
/// without disposal is simply collected and its block is lost to the pool, as with <see cref="MemoryPool{T}.Shared"/>.
/// Every member of the pool is thread-safe, and an owner may be disposed on any thread; disposing one owner on two
/// threads at the same instant is a race, as with the owners of <see cref="MemoryPool{T}.Shared"/> (a
/// <see cref="BlockPool"/>'s double-return detection reports the second return unless the two overlap).
/// </para>
/// </remarks>
[DebuggerDisplay("RentedBlocks = {RentedBlocks}, OutstandingBlocks = {OutstandingBlocks}, MaxBufferSize = {MaxBufferSize}")]
public sealed class BlockMemoryPool : MemoryPool<byte>
{
    /// <summary>The size of a block rented with <c>Rent(-1)</c>: 4 KiB, as <see cref="MemoryPool{T}.Shared"/> gives.</summary>
    internal const int DefaultBufferSize = 4096;

    // Disposed owners waiting for the next Rent of any BlockMemoryPool: one per thread (a pipe rents and disposes
    // on the same thread), then a few slots shared by all threads for owners disposed where they were not rented.
    private const int SpareOwnerSlots = 32;
    private const int SpareOwnerProbes = 4;

    private static readonly Owner?[] s_spareOwners = new Owner?[SpareOwnerSlots];

    [ThreadStatic]
    private static Owner? t_spareOwner;

    private static readonly BlockMemoryPool s_shared = new(BlockPool.Shared, isShared: true);

    private readonly ArrayPool<byte> _pool;
    private readonly int _maxBufferSize;
    private readonly bool _isShared;
    private readonly RentReturnCounters _counts = new();
    private int _disposed;

    /// <summary>A pool over <paramref name="pool"/>; null means Eddy's default byte pool (<see cref="BlockPool.Shared"/>).</summary>
    /// <param name="pool">Where the blocks come from and go back to.</param>
    public BlockMemoryPool(ArrayPool<byte>? pool = null)
        : this(pool ?? DefaultPool<byte>.Instance, isShared: false)
    {
    }

    private BlockMemoryPool(ArrayPool<byte> pool, bool isShared)
    {
        _pool = pool;
        _isShared = isShared;

        // Past a BlockPool's largest class blocks are not pooled; a pipe asked for more then takes its own array.
        _maxBufferSize = pool is BlockPool blocks ? blocks.MaximumBlockLength : ArrayAccess.MaxLength;
    }

    /// <summary>The pool over <see cref="BlockPool.Shared"/>; disposing it does nothing.</summary>
    public static new BlockMemoryPool Shared => s_shared;

    /// <summary>The largest block this pool rents: a <see cref="BlockPool"/>'s <see cref="BlockPool.MaximumBlockLength"/>, or the largest byte array otherwise.</summary>
    public override int MaxBufferSize => _maxBufferSize;

    /// <summary>Blocks rented since the pool was created (tests). Exact: each thread counts its own rents and returns,
    /// without an interlocked instruction, and reading sums the threads' counts.</summary>
    internal long RentedBlocks => _counts.Read().Rented;

    /// <summary>Blocks given back (by their owners' first <see cref="IDisposable.Dispose"/>) since the pool was created.</summary>
    internal long ReturnedBlocks => _counts.Read().Returned;

    /// <summary>Blocks rented and not yet given back (rents and returns read together).</summary>
    internal long OutstandingBlocks
    {
        get
        {
            (long rented, long returned) = _counts.Read();
            return rented - returned;
        }
    }

    /// <summary>Threads whose counts are kept apart now (a thread's are folded into the totals after it ends).</summary>
    internal int CountingThreads => _counts.CellCount;

    /// <summary>Rents a block of at least <paramref name="minBufferSize"/> bytes, or 4 KiB for -1.</summary>
    /// <param name="minBufferSize">The least size needed; -1 (default) for the default size.</param>
    /// <returns>The block's owner: dispose it once to give the block back.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="minBufferSize"/> is below -1 or above <see cref="MaxBufferSize"/>.</exception>
    /// <exception cref="ObjectDisposedException">The pool is disposed.</exception>
    public override IMemoryOwner<byte> Rent(int minBufferSize = -1)
    {
        if (minBufferSize == -1)
        {
            minBufferSize = DefaultBufferSize;
        }
        else if (unchecked((uint)minBufferSize) > (uint)_maxBufferSize)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(minBufferSize), minBufferSize, $"The size must be -1 or between 0 and MaxBufferSize ({_maxBufferSize}).");
        }

        if (Volatile.Read(ref _disposed) != 0)
        {
            ThrowHelper.ThrowObjectDisposedException(nameof(BlockMemoryPool));
        }

        byte[] block = _pool.Rent(minBufferSize);
        _counts.CountRent();
        Owner owner = TakeSpareOwner() ?? new Owner();
        owner.Lend(this, block);
        return owner;
    }

    private static Owner? TakeSpareOwner()
    {
        Owner? owner = t_spareOwner;
        if (owner is not null)
        {
            t_spareOwner = null;
            return owner;
        }

        int start = Environment.CurrentManagedThreadId;
        for (int i = 0; i < SpareOwnerProbes; i++)
        {
            ref Owner? slot = ref s_spareOwners[(start + i) & (SpareOwnerSlots - 1)];
            if (Volatile.Read(ref slot) is not null && (owner = Interlocked.Exchange(ref slot, null)) is not null)
            {
                return owner;
            }
        }

        return null;
    }

    private static void KeepSpareOwner(Owner owner)
    {
        if (t_spareOwner is null)
        {
            t_spareOwner = owner;
            return;
        }

        int start = Environment.CurrentManagedThreadId;
        for (int i = 0; i < SpareOwnerProbes; i++)
        {
            ref Owner? slot = ref s_spareOwners[(start + i) & (SpareOwnerSlots - 1)];
            if (Volatile.Read(ref slot) is null && Interlocked.CompareExchange(ref slot, owner, null) is null)
            {
                return;
            }
        }

        // Every slot tried is taken: the owner is left to the collector.
    }

    /// <summary>Stops further rents (except on <see cref="Shared"/>); blocks still out go back to the pool when their owners are disposed.</summary>
    protected override void Dispose(bool disposing)
    {
        if (!_isShared)
        {
            Volatile.Write(ref _disposed, 1);
        }
    }

    private void Return(byte[] block)
    {
        _pool.Return(block);
        _counts.CountReturn();
    }

    private sealed class Owner : IMemoryOwner<byte>
    {
        private BlockMemoryPool? _pool;
        private byte[]? _block;

        /// <summary>Hands the owner out with <paramref name="block"/> of <paramref name="pool"/>.</summary>
        public void Lend(BlockMemoryPool pool, byte[] block)
        {
            _pool = pool;
            Volatile.Write(ref _block, block);
        }

        public Memory<byte> Memory
        {
            get
            {
                byte[]? block = Volatile.Read(ref _block);
                if (block is null)
                {
                    ThrowHelper.ThrowObjectDisposedException(nameof(IMemoryOwner<byte>), "The block was given back to the pool.");
                }

                return block;
            }
        }

        public void Dispose()
        {
            // No interlocked exchange: after a pipe's copy into the block it waits for every pending store, and
            // owners are disposed by one thread. Two threads disposing one owner at once is a race, as with
            // MemoryPool<byte>.Shared's owners; a BlockPool's double-return detection reports the second return.
            byte[]? block = _block;
            if (block is not null)
            {
                _block = null;
                _pool!.Return(block);
                _pool = null;
                KeepSpareOwner(this);
            }
        }
    }
}

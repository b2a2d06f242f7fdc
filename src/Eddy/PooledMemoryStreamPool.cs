using System;
using System.Threading;
using Eddy.Internal;

namespace Eddy;

/// <summary>
/// An opt-in pool of <see cref="PooledMemoryStream"/> objects, so that a hot path allocates nothing per use:
/// <see cref="Rent"/> hands out an empty open stream, and disposing it empties it, gives its arrays back to the
/// byte pool and keeps the stream object for the next <see cref="Rent"/>.
/// </summary>
/// <remarks>
/// <para>Thread-safe. A returned stream holds no memory: only the stream objects are retained, at most
/// <see cref="MaximumRetained"/> of them (default: 4 × processor count) in places every thread shares, plus, on each
/// thread, the one stream that thread gave back last (to any pool), which the thread's next <see cref="Rent"/> from
/// that pool takes first; extra returns are dropped. A stream rented and disposed on one thread thus goes back and
/// forth without an interlocked instruction.</para>
/// <para>Rule of use: a stream must not be touched after it was disposed. Until it is rented again it throws
/// <see cref="ObjectDisposedException"/> from every member, and disposing it again does nothing; once it is
/// rented again, the old reference is the new renter's stream.</para>
/// </remarks>
public sealed class PooledMemoryStreamPool
{
    // One idle stream per thread, of whichever pool the thread gave a stream back to last, tried before the shared
    // slots: a stream rented and disposed on one thread, the common case, then costs no interlocked instruction,
    // which on the way back would also wait for the stream's writes to drain.
    [ThreadStatic]
    private static PooledMemoryStream? t_idle;

    private readonly PooledMemoryStreamOptions _options;
    private readonly PooledMemoryStream?[] _items;
    private PooledMemoryStream? _first;

    /// <summary>Creates a pool whose streams use <paramref name="options"/>.</summary>
    /// <param name="options">The options of every stream of the pool; null means <see cref="PooledMemoryStreamOptions.Default"/>.</param>
    /// <param name="maximumRetained">How many idle streams the pool keeps; 0 means 4 × <see cref="Environment.ProcessorCount"/>.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maximumRetained"/> is negative.</exception>
    public PooledMemoryStreamPool(PooledMemoryStreamOptions? options = null, int maximumRetained = 0)
    {
        ThrowHelper.ThrowIfNegative(maximumRetained);
        _options = options ?? PooledMemoryStreamOptions.Default;
        MaximumRetained = maximumRetained == 0 ? 4 * Environment.ProcessorCount : maximumRetained;
        _items = new PooledMemoryStream?[MaximumRetained - 1];
    }

    /// <summary>A process-wide pool with the default options.</summary>
    public static PooledMemoryStreamPool Shared { get; } = new();

    /// <summary>The options of every stream this pool hands out.</summary>
    public PooledMemoryStreamOptions Options => _options;

    /// <summary>The most idle streams the pool keeps in the places every thread shares (each thread may hold one more).</summary>
    public int MaximumRetained { get; }

    /// <summary>An empty, open, writable stream; allocation-free once the pool holds idle streams.</summary>
    /// <returns>A stream that goes back to this pool when disposed.</returns>
    public PooledMemoryStream Rent()
    {
        PooledMemoryStream? stream = t_idle;
        if (stream is not null && stream.IsFrom(this))
        {
            t_idle = null;
        }
        else
        {
            stream = RentShared();
        }

        stream.Activate();
        return stream;
    }

    /// <summary>Takes back a stream of this pool that is being disposed: empties it and keeps it if there is room.</summary>
    internal void Return(PooledMemoryStream stream)
    {
        stream.Deactivate();
        if (t_idle is null)
        {
            t_idle = stream;
            return;
        }

        if (_first is null && Interlocked.CompareExchange(ref _first, stream, null) is null)
        {
            return;
        }

        PooledMemoryStream?[] items = _items;
        for (int i = 0; i < items.Length; i++)
        {
            if (Interlocked.CompareExchange(ref items[i], stream, null) is null)
            {
                return;
            }
        }

        // Pool full: the stream object is dropped; its arrays are already back in the byte pool.
    }

    private PooledMemoryStream RentShared()
    {
        PooledMemoryStream? first = _first;
        if (first is not null && Interlocked.CompareExchange(ref _first, null, first) == first)
        {
            return first;
        }

        PooledMemoryStream?[] items = _items;
        for (int i = 0; i < items.Length; i++)
        {
            PooledMemoryStream? stream = items[i];
            if (stream is not null && Interlocked.CompareExchange(ref items[i], null, stream) == stream)
            {
                return stream;
            }
        }

        return new PooledMemoryStream(this, _options);
    }
}

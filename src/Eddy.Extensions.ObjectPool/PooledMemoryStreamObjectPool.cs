using System;
using Microsoft.Extensions.ObjectPool;

namespace Eddy.Extensions.ObjectPool;

/// <summary>
/// An <see cref="ObjectPool{T}"/> view of a <see cref="PooledMemoryStreamPool"/>, for code that passes
/// <see cref="ObjectPool{T}"/> around: <see cref="Get"/> rents from the Eddy pool and <see cref="Return"/> disposes
/// the stream, which gives it back there. The pooling itself is the Eddy pool's.
/// </summary>
public sealed class PooledMemoryStreamObjectPool : ObjectPool<PooledMemoryStream>
{
    /// <summary>Creates a view of <paramref name="pool"/>.</summary>
    /// <param name="pool">The stream pool; null means <see cref="PooledMemoryStreamPool.Shared"/>.</param>
    public PooledMemoryStreamObjectPool(PooledMemoryStreamPool? pool = null)
    {
        Pool = pool ?? PooledMemoryStreamPool.Shared;
    }

    /// <summary>The stream pool behind this view.</summary>
    public PooledMemoryStreamPool Pool { get; }

    /// <summary>Rents an empty, open, writable stream from <see cref="Pool"/>.</summary>
    /// <returns>The stream; disposing it has the same effect as <see cref="Return"/>.</returns>
    public override PooledMemoryStream Get() => Pool.Rent();

    /// <summary>Disposes <paramref name="obj"/>: a stream of <see cref="Pool"/> goes back to it, emptied.</summary>
    /// <param name="obj">A stream from <see cref="Get"/>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="obj"/> is null.</exception>
    public override void Return(PooledMemoryStream obj)
    {
        if (obj is null)
        {
            throw new ArgumentNullException(nameof(obj));
        }

        obj.Dispose();
    }
}

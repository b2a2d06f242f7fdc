using Microsoft.Extensions.ObjectPool;

namespace Eddy.Extensions.ObjectPool;

/// <summary>
/// A <see cref="PooledObjectPolicy{T}"/> for <see cref="PooledMemoryStream"/>: creates streams with the given
/// options and empties them on return, so an idle stream in the object pool holds no arrays (they go back to the
/// byte pool at once).
/// </summary>
/// <remarks>
/// A stream that was disposed (or is read-only) is not kept. Eddy's own <see cref="PooledMemoryStreamPool"/> does
/// the same job without this package and also detects use after return; this policy is for code that already
/// works with <see cref="ObjectPool{T}"/>.
/// </remarks>
public sealed class PooledMemoryStreamPooledObjectPolicy : PooledObjectPolicy<PooledMemoryStream>
{
    /// <summary>Creates a policy whose streams use <paramref name="options"/>.</summary>
    /// <param name="options">The options of every stream created; null means <see cref="PooledMemoryStreamOptions.Default"/>.</param>
    public PooledMemoryStreamPooledObjectPolicy(PooledMemoryStreamOptions? options = null)
    {
        Options = options ?? PooledMemoryStreamOptions.Default;
    }

    /// <summary>The options of every stream the policy creates.</summary>
    public PooledMemoryStreamOptions Options { get; }

    /// <summary>Creates an empty writable stream; nothing is rented until its first write.</summary>
    /// <returns>A new stream.</returns>
    public override PooledMemoryStream Create() => new(Options);

    /// <summary>Empties <paramref name="obj"/> (Length and Position 0, arrays back to the byte pool) for reuse.</summary>
    /// <param name="obj">The stream given back to the object pool.</param>
    /// <returns>True to keep the stream; false when it was disposed or is read-only.</returns>
    public override bool Return(PooledMemoryStream obj)
    {
        if (obj is null || !obj.CanWrite)
        {
            return false;
        }

        obj.Reset();
        return true;
    }
}

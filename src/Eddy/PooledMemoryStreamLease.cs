using System;
using Eddy.Internal;

namespace Eddy;

/// <summary>
/// One rental of a <see cref="PooledMemoryStream"/> from a <see cref="PooledMemoryStreamPool"/>, remembering the
/// rental's generation: once the stream was returned (and perhaps rented again by someone else), <see cref="Stream"/>
/// throws <see cref="ObjectDisposedException"/> and <see cref="Dispose"/> does nothing, so a stale copy of the lease
/// can neither read another renter's data nor return their stream.
/// </summary>
public readonly struct PooledMemoryStreamLease : IDisposable, IEquatable<PooledMemoryStreamLease>
{
    private readonly PooledMemoryStream? _stream;
    private readonly int _generation;

    internal PooledMemoryStreamLease(PooledMemoryStream stream, int generation)
    {
        _stream = stream;
        _generation = generation;
    }

    /// <summary>True while this lease's rental is current.</summary>
    public bool IsActive => _stream is not null && _stream.Generation == _generation && !_stream.IsDisposedOrReturned;

    /// <summary>The rented stream.</summary>
    /// <exception cref="ObjectDisposedException">The lease is default, or its stream was returned since.</exception>
    public PooledMemoryStream Stream
    {
        get
        {
            if (!IsActive)
            {
                ThrowHelper.ThrowObjectDisposedException(nameof(PooledMemoryStreamLease), "The stream of this lease was returned to its pool.");
            }

            return _stream!;
        }
    }

    /// <summary>Returns the stream to its pool if this lease's rental is still current; otherwise does nothing.</summary>
    public void Dispose()
    {
        if (IsActive)
        {
            _stream!.Dispose();
        }
    }

    /// <inheritdoc/>
    public bool Equals(PooledMemoryStreamLease other) => ReferenceEquals(_stream, other._stream) && _generation == other._generation;

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is PooledMemoryStreamLease other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => (_stream?.GetHashCode() ?? 0) ^ _generation;

    /// <summary>True when both leases are the same rental.</summary>
    /// <param name="left">A lease.</param>
    /// <param name="right">Another lease.</param>
    /// <returns>Whether they are equal.</returns>
    public static bool operator ==(PooledMemoryStreamLease left, PooledMemoryStreamLease right) => left.Equals(right);

    /// <summary>True when the leases are different rentals.</summary>
    /// <param name="left">A lease.</param>
    /// <param name="right">Another lease.</param>
    /// <returns>Whether they differ.</returns>
    public static bool operator !=(PooledMemoryStreamLease left, PooledMemoryStreamLease right) => !left.Equals(right);
}

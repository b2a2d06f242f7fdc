using Eddy.Diagnostics;

namespace Eddy.Pooling;

/// <summary>
/// A <see cref="SelfReturningBufferPool"/>'s record of one rented buffer: the array the buffer was given, so
/// that the array can go back to the pool after the buffer is collected undisposed.
/// </summary>
internal sealed class BufferSlot : RescueSlot
{
    public BufferSlot(SelfReturningBufferPool pool) => Pool = pool;

    /// <summary>The pool that owns this slot.</summary>
    public SelfReturningBufferPool Pool { get; }

    /// <summary>The array lent to the tracked buffer; null while the slot is spare.</summary>
    internal byte[]? Array;

    /// <inheritdoc/>
    protected internal override long Rescue() => Pool.RescueLocked(this);
}

using Eddy.Lifetime;

namespace Eddy.Pooling;

/// <summary>
/// A <see cref="SelfReturningBufferPool"/>'s record of its rented buffers: each slot's payload is the array the
/// buffer was lent if the pool owns it, and that array's length either way.
/// </summary>
internal sealed class BufferRegistry : RescueRegistry<LentArray>
{
    private readonly SelfReturningBufferPool _pool;

    public BufferRegistry(SelfReturningBufferPool pool) => _pool = pool;

    /// <inheritdoc/>
    protected override long Rescue(LentArray payload) => _pool.RescueLocked(payload);
}

/// <summary>What the registry keeps for one lent buffer.</summary>
internal readonly struct LentArray
{
    public LentArray(byte[]? owned, int length)
    {
        Owned = owned;
        Length = length;
    }

    /// <summary>The array when the pool owns it; null when it was lent beyond the cap and is the GC's.</summary>
    public byte[]? Owned { get; }

    /// <summary>The array's length, kept without the array so a leak beyond the cap is still counted in bytes.</summary>
    public int Length { get; }
}

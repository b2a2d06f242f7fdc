using Eddy.Diagnostics;

namespace Eddy.Pooling;

/// <summary>
/// A <see cref="SelfReturningBufferPool"/>'s record of its rented buffers: each slot's payload is the array the
/// buffer was lent if the pool owns it (null if the pool was at its cap and the array is the GC's to reclaim).
/// </summary>
internal sealed class BufferRegistry : RescueRegistry<byte[]?>
{
    private readonly SelfReturningBufferPool _pool;

    public BufferRegistry(SelfReturningBufferPool pool) => _pool = pool;

    /// <inheritdoc/>
    protected override long Rescue(byte[]? payload) => _pool.RescueLocked(payload);
}

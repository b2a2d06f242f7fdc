using System.Runtime.CompilerServices;
using Eddy.Lifetime;

namespace Eddy.Buffers;

// The leak path: a stream that holds this buffer arms a RescueGuard with it, so that if the stream is dropped
// undisposed the guard's finalizer gives the chunks back. The buffer never refers to its owner.
public sealed partial class SegmentedBuffer<T> : IRescuable
{
    /// <summary>
    /// The guard an owning stream armed with this buffer, kept here rather than in the stream so that a stream
    /// that never goes segmented carries no field for it. Guard and buffer refer to each other only, never to
    /// the stream, so both become unreachable with it.
    /// </summary>
    internal RescueGuard? Guard;

    /// <summary>Set by an owner that clears on return (for example <see cref="PooledMemoryStreamOptions.ClearOnReturn"/>), so a rescue clears too.</summary>
    internal bool ClearOnRescue { get; set; }

    /// <summary>
    /// Returns every chunk array to the pool, once, after the owner was collected undisposed; runs on the
    /// finalizer thread, so it touches nothing shared but the pool (segment objects and the chunk list are left to
    /// the GC). Returns the number of bytes given back.
    /// </summary>
    long IRescuable.Rescue()
    {
        if (_disposed)
        {
            return 0;
        }

        _disposed = true;
        Guard = null;
        bool clear = ClearOnRescue || RuntimeHelpers.IsReferenceOrContainsReferences<T>();
        BufferSegment<T>[] chunks = _chunks;
        int count = _chunkCount;
        _chunks = [];
        _chunkCount = 0;
        _writeArray = [];
        _writePos = 1;
        long elements = 0;
        for (int i = 0; i < count; i++)
        {
            T[] array = chunks[i].Array;
            if (array.Length != 0)
            {
                elements += array.Length;
                _pool.Return(array, clear);
            }
        }

        return elements * ElementSize();
    }
}

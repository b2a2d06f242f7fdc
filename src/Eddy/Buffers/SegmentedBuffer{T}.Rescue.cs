using System.Runtime.CompilerServices;
using Eddy.Lifetime;

namespace Eddy.Buffers;

// The leak path: an owner that holds this buffer (a stream) arms a RescueGuard with it, so that if the owner is
// dropped undisposed the guard's finalizer gives the chunks back. The buffer never refers to its owner, so it
// and the guard become unreachable with the owner.
public sealed partial class SegmentedBuffer<T> : IRescuable
{
    /// <summary>
    /// Returns every chunk array to the pool, once, after the owner was collected undisposed; runs on the
    /// finalizer thread, so it touches nothing shared but the pool (segment objects and the chunk list are left to
    /// the GC). Returns the number of bytes given back.
    /// </summary>
    long IRescuable.Rescue(bool clear)
    {
        if (_disposed)
        {
            return 0;
        }

        _disposed = true;
        clear |= _clearOnReturn || RuntimeHelpers.IsReferenceOrContainsReferences<T>();
        BufferSegment<T>[] chunks = _chunks;
        int count = _chunkCount;
        T[] bare = count == 0 ? _writeArray : [];
        _chunks = null!;
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
                Pool.Return(array, clear);
            }
        }

        if (bare.Length != 0)
        {
            elements += bare.Length;
            Pool.Return(bare, clear);
        }

        return elements * ElementSize();
    }
}

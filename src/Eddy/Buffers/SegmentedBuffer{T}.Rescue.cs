using System.Runtime.CompilerServices;
using Eddy.Lifetime;

namespace Eddy.Buffers;

// The leak path. A buffer inside a stream is rescued by the stream's guard (the stream calls LeaveRescueToOwner).
// A buffer used on its own arms a guard of its own at its first rent when that creation is sampled (one in
// LeakTracker.SamplingInterval on the thread), holding the buffer itself: if the buffer is dropped undisposed, the
// guard's finalizer gives the chunks back and the rescue is reported with the creation stack.
public sealed partial class SegmentedBuffer<T> : IRescuable
{
    // Armed while a sampled standalone buffer holds chunks; null otherwise.
    private RescueGuard? _guard;

    // True once this buffer's sampling is decided until everything goes back (Reset, Dispose); always true for a
    // buffer whose owner rescues it.
    private bool _trackingDecided;
    private bool _ownerRescues;

    /// <summary>Whether the buffer armed a guard of its own (tests).</summary>
    internal bool IsRescueArmed => _guard is not null;

    /// <summary>The owner (a stream) rescues this buffer through its own guard: the buffer never arms one.</summary>
    internal void LeaveRescueToOwner()
    {
        _ownerRescues = true;
        _trackingDecided = true;
    }

    /// <summary>Counts a first rent for sampling and, for a sampled one, arms the guard with the creation stack.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void DecideTracking()
    {
        _trackingDecided = true;
        if (RescueGuard.ShouldTrack())
        {
            _guard = RescueGuard.Arm(this, this, clearResources: false, captureStack: true);
        }
    }

    /// <summary>Disarms the guard, if any, once everything went back; the next first rent is sampled again.</summary>
    private void DisarmGuard()
    {
        RescueGuard.DisarmAndClear(ref _guard);
        _trackingDecided = _ownerRescues;
    }

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

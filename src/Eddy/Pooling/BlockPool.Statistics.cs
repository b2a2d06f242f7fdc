using System.Runtime.InteropServices;
using System.Threading;

namespace Eddy.Pooling;

// The counters snapshot: the pool's own counts plus what every live thread cache holds.
public sealed partial class BlockPool
{
    /// <summary>Takes a snapshot of the pool's counters.</summary>
    /// <returns>The counters; see <see cref="BlockPoolStatistics"/>.</returns>
    public BlockPoolStatistics GetStatistics()
    {
        long rentedBlocks = Volatile.Read(ref _accounts.RetiredRentedBlocks);
        long rentedBytes = Volatile.Read(ref _accounts.RetiredRentedBytes);
        long returnedBlocks = Volatile.Read(ref _accounts.RetiredReturnedBlocks);
        long returnedBytes = Volatile.Read(ref _accounts.RetiredReturnedBytes);
        long retainedBlocks = 0;
        long retainedBytes = 0;

        lock (_cachesLock)
        {
            foreach (GCHandle reference in _caches)
            {
                if (reference.Target is not ThreadCache cache)
                {
                    continue;
                }

                cache.AddCounters(ref rentedBlocks, ref rentedBytes, ref returnedBlocks, ref returnedBytes);
                for (int i = 0; i < cache.Slots.Length; i++)
                {
                    int held = cache.CountHeld(i);
                    retainedBlocks += held;
                    retainedBytes += (long)held * ClassLength(i);
                }
            }
        }

        for (int i = 0; i < _stacks.Length; i++)
        {
            int count = RetainedInStacks(i);
            retainedBlocks += count;
            retainedBytes += (long)count * ClassLength(i);
        }

        return new BlockPoolStatistics(
            rentedBlocks, rentedBytes, returnedBlocks, returnedBytes,
            Volatile.Read(ref _allocatedBlocks), Volatile.Read(ref _allocatedBytes),
            Volatile.Read(ref _droppedBlocks), Volatile.Read(ref _droppedBytes),
            Volatile.Read(ref _trimmedBlocks), Volatile.Read(ref _trimmedBytes),
            retainedBlocks, retainedBytes, Volatile.Read(ref _accounts.ReservedBytes), _maximumRetainedBytes);
    }

    /// <summary>Blocks of the size class <paramref name="index"/> in the per-core stacks now.</summary>
    internal int RetainedInStacks(int index)
    {
        LockedArrayStack<byte>[] stacks = _stacks[index];
        int count = 0;
        for (int j = 0; j < stacks.Length; j++)
        {
            count += stacks[j].Count;
        }

        return count;
    }

    /// <summary>Bytes counted against the cap now (an internal invariant the tests check).</summary>
    internal long ReservedBytes => Volatile.Read(ref _accounts.ReservedBytes);
}

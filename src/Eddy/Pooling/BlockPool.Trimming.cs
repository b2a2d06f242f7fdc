using System;
using System.Runtime.InteropServices;
using System.Threading;
using Eddy.Internal;

namespace Eddy.Pooling;

public sealed partial class BlockPool
{
    /// <summary>
    /// Releases every retained block in every tier: all per-core stacks and every thread's slots. The calling
    /// thread's slots also give back their reservations; other live threads' empty slots keep theirs (at most
    /// one block of each size class per thread) until those threads exit. Rented blocks are not affected.
    /// </summary>
    /// <returns>How many blocks were released.</returns>
    public int Trim() => (int)Math.Min(TrimCore(idleMilliseconds: 0), int.MaxValue);

    /// <summary>Runs after a Gen2 collection (see <see cref="Gen2GcCallback"/>); false stops the callbacks.</summary>
    private bool OnGen2Collection()
    {
        TrimCore(IsMemoryLoadHigh() ? 0 : _idleTrimMilliseconds);
        return true;
    }

    /// <summary>
    /// Releases the blocks of every stack and thread cache unused for at least <paramref name="idleMilliseconds"/>
    /// (everything when 0) and returns how many blocks were released. A thread cache is idle when its operation
    /// count has not moved for that long, as seen by successive trim passes, so the owner's fast path never
    /// records time.
    /// </summary>
    internal long TrimCore(int idleMilliseconds)
    {
        long blocks = 0;
        long bytes = 0;
        int now = Environment.TickCount;

        // This thread's own slots may be released outright: nobody else stores into them.
        ThreadCache? ownCache = _isShared ? t_sharedCache : _threadCaches!.Value;

        lock (_cachesLock)
        {
            for (int i = 0; i < _stacks.Length; i++)
            {
                int length = ClassLength(i);
                LockedArrayStack<byte>[] stacks = _stacks[i];
                for (int j = 0; j < stacks.Length; j++)
                {
                    int drained = stacks[j].Drain(now, idleMilliseconds);
                    if (drained != 0)
                    {
                        Interlocked.Add(ref _accounts.ReservedBytes, -(long)drained * length);
                        blocks += drained;
                        bytes += (long)drained * length;
                    }
                }
            }

            for (int i = _caches.Count - 1; i >= 0; i--)
            {
                if (_caches[i].Target is not ThreadCache cache)
                {
                    _caches[i].Free();
                    _caches.RemoveAt(i);
                    continue;
                }

                if (idleMilliseconds > 0)
                {
                    long operations = cache.Operations;
                    if (operations != cache.OperationsAtLastTrim)
                    {
                        cache.OperationsAtLastTrim = operations;
                        cache.IdleSinceTick = now;
                        continue;
                    }

                    if (unchecked(now - cache.IdleSinceTick) < idleMilliseconds)
                    {
                        continue;
                    }
                }

                long cacheBlocks;
                long cacheBytes;
                if (ReferenceEquals(cache, ownCache))
                {
                    ReleaseSlots(cache, out cacheBlocks, out cacheBytes);
                }
                else
                {
                    DropSlotBlocks(cache, out cacheBlocks, out cacheBytes);
                }

                blocks += cacheBlocks;
                bytes += cacheBytes;
            }
        }

        if (blocks != 0)
        {
            Interlocked.Add(ref _trimmedBlocks, blocks);
            Interlocked.Add(ref _trimmedBytes, bytes);
            PoolRegistry.ReportTrim(nameof(BlockPool), bytes);
        }

        return blocks;
    }
}

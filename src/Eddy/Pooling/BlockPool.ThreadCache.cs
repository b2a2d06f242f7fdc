using System;
using System.Threading;

namespace Eddy.Pooling;

public sealed partial class BlockPool
{
    /// <summary>
    /// One thread's tier of a pool: a slot per size class plus that thread's counters. Only the owning thread
    /// writes the counters and moves a slot between its three states (unreserved, reserved and empty, holding a
    /// block), with plain stores. Other threads may only drop a held block, by compare-exchange to "reserved and
    /// empty" (null); they never hand it out and never release a live slot's reservation, so the owner's plain stores
    /// cannot lose a block or unbalance the cap. When the thread dies the cache becomes unreachable and its
    /// finalizer hands the reservations and counters back to the pool.
    /// </summary>
    private sealed class ThreadCache
    {
        public readonly BlockSlot[] Slots;

        /// <summary>
        /// The blocks this thread keeps beyond its slots, <see cref="StashStride"/> entries per size class (see
        /// <see cref="StashDepth"/>), each in the same three states as a slot; null until the thread first returns
        /// a block its slot cannot hold, as many threads never hold two blocks of a class. A buffer that holds a
        /// dozen small chunks rents and returns them all at once: without the stash all but one per class would go
        /// through a per-core stack's lock and the cap's compare-exchange. Created and published by the owning
        /// thread only; other threads read it with <see cref="Volatile"/>.
        /// </summary>
        public BlockStashEntry[]? Stash;
        public long OversizedRentedBlocks;
        public long OversizedRentedBytes;
        public long OversizedReturnedBlocks;
        public long OversizedReturnedBytes;

        /// <summary>Trimmer-only: operations seen at the last trim pass and when they last changed.</summary>
        public long OperationsAtLastTrim;
        public int IdleSinceTick;

        public readonly BlockPoolAccounts Accounts;

        public ThreadCache(BlockPoolAccounts accounts, int classCount, byte[] unreserved)
        {
            Accounts = accounts;
            Slots = new BlockSlot[classCount];
            for (int i = 0; i < Slots.Length; i++)
            {
                Slots[i].Block = unreserved;
            }
            IdleSinceTick = Environment.TickCount;
        }

        ~ThreadCache() => Retire(this);

        /// <summary>This thread's stash, created on first use; only the owning thread calls this.</summary>
        public BlockStashEntry[] OwnStash()
        {
            BlockStashEntry[]? stash = Stash;
            if (stash is null)
            {
                // Every pool has at least 13 classes (its largest block is at least 1 MiB), more than have a stash.
                // Every entry starts unreserved, and only then is the array published to other threads.
                stash = new BlockStashEntry[StashedClassCount * StashStride];
                for (int i = 0; i < stash.Length; i++)
                {
                    stash[i].Block = s_unreserved;
                }

                Volatile.Write(ref Stash, stash);
            }

            return stash;
        }

        /// <summary>Whether this thread's slot or stash for class <paramref name="index"/> holds <paramref name="block"/>.</summary>
        public bool Holds(int index, byte[] block)
        {
            if (ReferenceEquals(Slots[index].ReadHeldBlock(), block))
            {
                return true;
            }

            Span<BlockStashEntry> entries = StashOf(index);
            for (int i = 0; i < entries.Length; i++)
            {
                if (ReferenceEquals(Volatile.Read(ref entries[i].Block), block))
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>Blocks of class <paramref name="index"/> this thread holds for renting, slot and stash.</summary>
        public int CountHeld(int index)
        {
            int count = Slots[index].ReadHeldBlock() is not null ? 1 : 0;
            Span<BlockStashEntry> entries = StashOf(index);
            for (int i = 0; i < entries.Length; i++)
            {
                byte[]? block = Volatile.Read(ref entries[i].Block);
                if (block is not null && block.Length != 0)
                {
                    count++;
                }
            }

            return count;
        }

        /// <summary>The stash entries of class <paramref name="index"/>, as another thread may read them; empty when none.</summary>
        private Span<BlockStashEntry> StashOf(int index)
        {
            BlockStashEntry[]? stash = Volatile.Read(ref Stash);
            return stash is not null && index < StashedClassCount
                ? stash.AsSpan(index * StashStride, StashStride)
                : Span<BlockStashEntry>.Empty;
        }

        /// <summary>Rents plus returns so far; the trimmer's sign of life.</summary>
        public long Operations
        {
            get
            {
                long total = Volatile.Read(ref OversizedRentedBlocks) + Volatile.Read(ref OversizedReturnedBlocks);
                for (int i = 0; i < Slots.Length; i++)
                {
                    total += Volatile.Read(ref Slots[i].Rented) + Volatile.Read(ref Slots[i].Returned);
                }

                return total;
            }
        }

        /// <summary>Adds this thread's counters to the running totals (bytes from the class sizes).</summary>
        public void AddCounters(ref long rentedBlocks, ref long rentedBytes, ref long returnedBlocks, ref long returnedBytes)
        {
            rentedBlocks += Volatile.Read(ref OversizedRentedBlocks);
            rentedBytes += Volatile.Read(ref OversizedRentedBytes);
            returnedBlocks += Volatile.Read(ref OversizedReturnedBlocks);
            returnedBytes += Volatile.Read(ref OversizedReturnedBytes);
            for (int i = 0; i < Slots.Length; i++)
            {
                long rented = Volatile.Read(ref Slots[i].Rented);
                long returned = Volatile.Read(ref Slots[i].Returned);
                rentedBlocks += rented;
                rentedBytes += rented * ClassLength(i);
                returnedBlocks += returned;
                returnedBytes += returned * ClassLength(i);
            }
        }
    }

    /// <summary>Hands a dead thread's reservations and counters to the pool's accounts.</summary>
    private static void Retire(ThreadCache cache)
    {
        BlockPoolAccounts accounts = cache.Accounts;
        ReleaseSlots(cache, out _, out _);
        long rentedBlocks = 0, rentedBytes = 0, returnedBlocks = 0, returnedBytes = 0;
        cache.AddCounters(ref rentedBlocks, ref rentedBytes, ref returnedBlocks, ref returnedBytes);
        Interlocked.Add(ref accounts.RetiredRentedBlocks, rentedBlocks);
        Interlocked.Add(ref accounts.RetiredRentedBytes, rentedBytes);
        Interlocked.Add(ref accounts.RetiredReturnedBlocks, returnedBlocks);
        Interlocked.Add(ref accounts.RetiredReturnedBytes, returnedBytes);
    }

    /// <summary>
    /// Drops the blocks held in a live thread's slots, keeping the slots' reservations (only the owner may
    /// release those); reports the blocks dropped.
    /// </summary>
    private static void DropSlotBlocks(ThreadCache cache, out long blocks, out long bytes)
    {
        blocks = 0;
        bytes = 0;
        BlockSlot[] slots = cache.Slots;
        for (int i = 0; i < slots.Length; i++)
        {
            // A lent block is out with its renter, not in the pool: it is left alone.
            byte[]? block = slots[i].ReadHeldBlock();
            if (block is not null && ReferenceEquals(Interlocked.CompareExchange(ref slots[i].Block, null, block), block))
            {
                blocks++;
                bytes += block.Length;
            }
        }

        BlockStashEntry[] stash = Volatile.Read(ref cache.Stash) ?? [];
        for (int i = 0; i < stash.Length; i++)
        {
            byte[]? block = Volatile.Read(ref stash[i].Block);
            if (block is not null && block.Length != 0 && ReferenceEquals(Interlocked.CompareExchange(ref stash[i].Block, null, block), block))
            {
                blocks++;
                bytes += block.Length;
            }
        }
    }

    /// <summary>
    /// Empties every slot of <paramref name="cache"/> and releases the reservations; only for the owning
    /// thread or a cache whose thread is gone. Reports the blocks dropped.
    /// </summary>
    private static void ReleaseSlots(ThreadCache cache, out long blocks, out long bytes)
    {
        BlockPoolAccounts accounts = cache.Accounts;
        blocks = 0;
        bytes = 0;
        BlockSlot[] slots = cache.Slots;
        for (int i = 0; i < slots.Length; i++)
        {
            byte[]? previous = Interlocked.Exchange(ref slots[i].Block, s_unreserved);
            if (ReferenceEquals(previous, s_unreserved))
            {
                continue;
            }

            // A lent block is out with its renter: the slot's reservation goes, but no pooled block is dropped.
            bool lent = slots[i].Lent;
            slots[i].Lent = false;
            int length = ClassLength(i);
            Interlocked.Add(ref accounts.ReservedBytes, -length);
            if (previous is not null && !lent)
            {
                blocks++;
                bytes += length;
            }
        }

        BlockStashEntry[] stash = cache.Stash ?? [];
        for (int i = 0; i < stash.Length; i++)
        {
            byte[]? previous = Interlocked.Exchange(ref stash[i].Block, s_unreserved);
            if (ReferenceEquals(previous, s_unreserved))
            {
                continue;
            }

            int length = ClassLength(i / StashStride);
            Interlocked.Add(ref accounts.ReservedBytes, -length);
            if (previous is not null)
            {
                blocks++;
                bytes += length;
            }
        }

        for (int i = 0; i < slots.Length; i++)
        {
            slots[i].StashCount = 0;
        }
    }
}

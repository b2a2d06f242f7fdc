using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Threading;
using Eddy.Pooling;

namespace Eddy.Tests.Pooling;

public class BlockPoolStressTests
{
    /// <summary>
    /// Two threads rent and return a million blocks each (held in small batches of mixed sizes so every tier
    /// is exercised and the small cap keeps dropping). Each renter stamps its owner tag into the block and
    /// checks it is still there before returning: a block handed to two renters at once would be overwritten.
    /// A third observer checks the cap the whole time.
    /// </summary>
    [Fact]
    public void Concurrent_rent_return_never_shares_a_block_and_never_exceeds_the_cap()
    {
        const long cap = 32 * 1024;
        const int pairsPerThread = 1_000_000;
        var pool = new BlockPool(new BlockPoolOptions { MaximumRetainedBytes = cap, MaximumBlocksPerStack = 8, MaximumBytesPerStack = 0 });
        long violations = 0;
        long maximumSeen = 0;
        using var done = new CancellationTokenSource();

        var observer = new Thread(() =>
        {
            while (!done.IsCancellationRequested)
            {
                long reserved = pool.ReservedBytes;
                long retained = pool.GetStatistics().RetainedBytes;
                long seen = Math.Max(reserved, retained);
                if (seen > Volatile.Read(ref maximumSeen))
                {
                    Volatile.Write(ref maximumSeen, seen);
                }

                Thread.Sleep(1);
            }
        });
        observer.Start();

        void Work(int owner)
        {
            var random = new Random(owner);
            var held = new byte[8][];
            long sequence = 0;
            int pairs = 0;
            while (pairs < pairsPerThread)
            {
                int count = random.Next(1, held.Length + 1);
                for (int i = 0; i < count; i++)
                {
                    byte[] block = pool.Rent(256 << random.Next(0, 6));
                    long tag = ((long)owner << 48) | ++sequence;
                    MemoryMarshal.Write(block.AsSpan(), tag);
                    MemoryMarshal.Write(block.AsSpan(block.Length - 16), tag);
                    held[i] = block;
                }

                for (int i = 0; i < count; i++)
                {
                    byte[] block = held[i];
                    long expected = MemoryMarshal.Read<long>(block.AsSpan(block.Length - 16));
                    if (MemoryMarshal.Read<long>(block.AsSpan()) != expected || expected >> 48 != owner)
                    {
                        Interlocked.Increment(ref violations);
                    }

                    pool.Return(block);
                    held[i] = null!;
                }

                pairs += count;
            }
        }

        var first = new Thread(() => Work(1));
        var second = new Thread(() => Work(2));
        first.Start();
        second.Start();
        first.Join();
        second.Join();
        done.Cancel();
        observer.Join();

        BlockPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(0, Interlocked.Read(ref violations));
        Assert.True(Volatile.Read(ref maximumSeen) <= cap, $"saw {maximumSeen} bytes against a cap of {cap}");
        Assert.True(stats.RetainedBytes <= cap);
        Assert.True(stats.ReservedBytes <= cap);
        Assert.True(stats.RentedBlocks >= 2L * pairsPerThread);
        Assert.Equal(stats.RentedBlocks, stats.ReturnedBlocks);
        Assert.True(stats.DroppedBlocks > 0, "the small cap should have forced drops");
    }

    [Fact]
    public void Trimming_while_two_threads_rent_and_return_loses_nothing_and_shares_nothing()
    {
        var pool = new BlockPool(new BlockPoolOptions { MaximumRetainedBytes = 1 << 20 });
        long violations = 0;
        using var done = new CancellationTokenSource();
        var trimmer = new Thread(() =>
        {
            while (!done.IsCancellationRequested)
            {
                pool.Trim();
            }
        });
        trimmer.Start();

        void Work(int owner)
        {
            for (int i = 0; i < 300_000; i++)
            {
                byte[] block = pool.Rent(1024);
                block[0] = (byte)owner;
                block[1000] = (byte)owner;
                Thread.SpinWait(1);
                if (block[0] != owner || block[1000] != owner)
                {
                    Interlocked.Increment(ref violations);
                }

                pool.Return(block);
            }
        }

        var first = new Thread(() => Work(1));
        var second = new Thread(() => Work(2));
        first.Start();
        second.Start();
        first.Join();
        second.Join();
        done.Cancel();
        trimmer.Join();

        Assert.Equal(0, Interlocked.Read(ref violations));
        Assert.True(pool.ReservedBytes >= pool.GetStatistics().RetainedBytes);
        Assert.True(pool.ReservedBytes <= 1 << 20);
    }
}

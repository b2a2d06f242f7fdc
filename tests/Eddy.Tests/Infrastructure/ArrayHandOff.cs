using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;

namespace Eddy.Tests.Infrastructure;

/// <summary>
/// A stress test for pools shared between threads: threads rent arrays, claim each one, mark it, and pass every other
/// one to whichever thread takes it from a queue, which checks the mark and returns it. An array claimed by two
/// threads at once, or found with another holder's mark, means the pool handed one array to two owners.
/// </summary>
public static class ArrayHandOff
{
    /// <param name="threads">How many threads run at once.</param>
    /// <param name="rounds">Rents per thread.</param>
    /// <param name="rent">Rents an array; gets the round number.</param>
    /// <param name="giveBack">Returns an array to the pool.</param>
    /// <param name="mark">Writes the holder's number into the array, where the pool's own bookkeeping would overwrite it.</param>
    /// <param name="isMarked">Whether the array still carries the holder's mark.</param>
    public static void Run<T>(int threads, int rounds, Func<int, T[]> rent, Action<T[]> giveBack, Action<T[], int> mark, Func<T[], int, bool> isMarked)
    {
        var owners = new ConcurrentDictionary<T[], int>(ReferenceEqualityComparer.Instance);
        var handOff = new ConcurrentQueue<T[]>();
        long violations = 0;

        // A wrong double-return report on a worker fails the test.
        FreshThread.RunTogether(threads, owner =>
        {
            for (int round = 0; round < rounds; round++)
            {
                T[] array = rent(round);
                if (!owners.TryAdd(array, owner))
                {
                    Interlocked.Increment(ref violations);
                }

                mark(array, owner);

                T[] toReturn = array;
                if ((round & 1) == 0)
                {
                    handOff.Enqueue(array);
                    if (!handOff.TryDequeue(out toReturn!))
                    {
                        continue;
                    }
                }

                if (!owners.TryRemove(toReturn, out int holder) || !isMarked(toReturn, holder))
                {
                    Interlocked.Increment(ref violations);
                }

                giveBack(toReturn);
            }
        });

        Assert.Equal(0, Interlocked.Read(ref violations));
        while (handOff.TryDequeue(out T[]? left))
        {
            Assert.True(owners.TryRemove(left, out _));
            giveBack(left);
        }

        Assert.Empty(owners);
    }
}

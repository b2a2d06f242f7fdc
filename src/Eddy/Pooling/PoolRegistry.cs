using System;
using System.Collections.Generic;
using System.Threading;

namespace Eddy.Pooling;

/// <summary>
/// Every pool of the process, held weakly, with a way to read its <see cref="PoolCounters"/>: observers read
/// the counters when they collect, so the pools' hot paths do nothing for them. Counts are summed per pool kind.
/// </summary>
/// <remarks>
/// A pool is added once, when it is constructed; it is never removed by hand. When a pool is collected, the
/// counts read last are kept with nothing retained, so cumulative totals never go down (activity after that
/// read is not counted).
/// </remarks>
internal static class PoolRegistry
{
    /// <summary>The kind of <see cref="SelfReturningBufferPool"/>s.</summary>
    public const string SelfReturningKind = "self-returning";

    /// <summary>The kind of <see cref="BlockPool"/>s.</summary>
    public const string BlockKind = "block";

    private static readonly List<Entry> s_entries = new();

    // Final counts of collected pools per kind.
    private static readonly Dictionary<string, PoolCounters> s_collected = new(StringComparer.Ordinal);

    private static IPoolObserver? s_observer;

    /// <summary>
    /// Adds <paramref name="pool"/> under <paramref name="kind"/>, held weakly; <paramref name="read"/> is given
    /// the live pool and must not capture it. Tells the observer, outside the lock.
    /// </summary>
    public static void Add<TPool>(string kind, TPool pool, Func<TPool, PoolCounters> read)
        where TPool : class
    {
        IPoolObserver? observer;
        lock (s_entries)
        {
            s_entries.Add(new Entry(kind, new WeakReference<object>(pool), live => read((TPool)live)));
            observer = s_observer;
        }

        // Outside the lock: an observer that creates an event source notifies listeners, whose callbacks may
        // collect the counters, which takes the lock.
        observer?.OnPoolAdded();
    }

    /// <summary>Adds a block pool, whose counters are read from its statistics.</summary>
    public static void Add(BlockPool pool) => Add(BlockKind, pool, static live =>
    {
        BlockPoolStatistics statistics = live.GetStatistics();
        return new PoolCounters(
            statistics.RentedBytes,
            statistics.AllocatedBytes,
            statistics.TrimmedBytes,
            statistics.DroppedBytes,
            statistics.RetainedBytes);
    });

    /// <summary>The observer of every pool; null until one is set with <see cref="Observe"/>.</summary>
    public static IPoolObserver? Observer => Volatile.Read(ref s_observer);

    /// <summary>
    /// Sets the observer of every pool; if pools were added before it, it hears of them at once, so an observer
    /// attached late misses nothing it could still act on.
    /// </summary>
    public static void Observe(IPoolObserver observer)
    {
        bool any;
        lock (s_entries)
        {
            Volatile.Write(ref s_observer, observer);
            any = s_entries.Count != 0 || s_collected.Count != 0;
        }

        if (any)
        {
            observer.OnPoolAdded();
        }
    }

    /// <summary>Tells the observer that a pool trimmed <paramref name="bytes"/>; nothing when none were trimmed.</summary>
    public static void ReportTrim(string poolName, long bytes)
    {
        if (bytes != 0)
        {
            Volatile.Read(ref s_observer)?.OnTrimmed(poolName, bytes);
        }
    }

    /// <summary>The summed counters of each pool kind, collected pools included (with nothing retained).</summary>
    public static List<KeyValuePair<string, PoolCounters>> Collect()
    {
        var totals = new List<KeyValuePair<string, PoolCounters>>();
        lock (s_entries)
        {
            for (int i = s_entries.Count - 1; i >= 0; i--)
            {
                Entry entry = s_entries[i];
                if (entry.Pool.TryGetTarget(out object? live))
                {
                    entry.Last = entry.Read(live);
                    continue;
                }

                // The pool is gone and so are the arrays it retained; its cumulative counts stay.
                PoolCounters final = entry.Last;
                final.RetainedBytes = 0;
                s_collected[entry.Kind] = s_collected.TryGetValue(entry.Kind, out PoolCounters earlier) ? earlier + final : final;
                s_entries.RemoveAt(i);
            }

            foreach (KeyValuePair<string, PoolCounters> collected in s_collected)
            {
                AddTo(totals, collected.Key, collected.Value);
            }

            foreach (Entry entry in s_entries)
            {
                AddTo(totals, entry.Kind, entry.Last);
            }
        }

        return totals;
    }

    private static void AddTo(List<KeyValuePair<string, PoolCounters>> totals, string kind, PoolCounters counters)
    {
        int index = totals.FindIndex(pair => pair.Key == kind);
        if (index < 0)
        {
            totals.Add(new KeyValuePair<string, PoolCounters>(kind, counters));
        }
        else
        {
            totals[index] = new KeyValuePair<string, PoolCounters>(kind, totals[index].Value + counters);
        }
    }

    private sealed class Entry
    {
        public Entry(string kind, WeakReference<object> pool, Func<object, PoolCounters> read)
        {
            Kind = kind;
            Pool = pool;
            Read = read;
        }

        public string Kind { get; }

        public WeakReference<object> Pool { get; }

        public Func<object, PoolCounters> Read { get; }

        /// <summary>The counts read at the last collection, kept for when the pool is gone.</summary>
        public PoolCounters Last { get; set; }
    }
}

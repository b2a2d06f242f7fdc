using System;
using System.Collections.Generic;
#if NET
using System.Diagnostics.Metrics;
#endif
using Eddy.Pooling;

namespace Eddy.Diagnostics;

/// <summary>
/// Feeds the <c>Eddy</c> meter (on .NET 8 and later): observable instruments that read the pools' own counters
/// when a listener collects, so the pools' hot paths do nothing for metrics. Pools register themselves here;
/// the registry holds them weakly and sums the live ones per pool kind (the <c>eddy.pool</c> tag).
/// </summary>
internal static class PoolMetrics
{
    /// <summary>The <c>eddy.pool</c> tag value of <see cref="Pooling.SelfReturningBufferPool"/>s.</summary>
    public const string SelfReturningKind = "self-returning";

    /// <summary>The <c>eddy.pool</c> tag value of <see cref="BlockPool"/>s.</summary>
    public const string BlockKind = "block";

    private static readonly List<Source> s_sources = new();

    // Final counts of collected pools per kind, so that cumulative instruments never go down.
    private static readonly Dictionary<string, PoolCounters> s_collected = new();

#if NET
    private static Meter? s_meter;

    /// <summary>The Eddy meter, created when the first pool registers.</summary>
    public static Meter? Meter => s_meter;
#endif

    /// <summary>
    /// Adds a pool under <paramref name="kind"/>. The pool is held weakly; <paramref name="read"/> must not refer
    /// to it (read an object the pool writes its counters into), so that a collected pool's final counts remain
    /// readable and are kept, with their retained bytes zeroed.
    /// </summary>
    /// <remarks>
    /// The first registration also creates the <c>Eddy</c> meter (on .NET) and the <c>Eddy</c> EventSource, so
    /// that listeners and tools see both from the moment Eddy's first pool exists, in a process that never leaks
    /// or trims. This runs once per pool, never on a rent or return.
    /// </remarks>
    public static void Register(string kind, object pool, Func<PoolCounters> read)
    {
        lock (s_sources)
        {
            s_sources.Add(new Source(kind, new WeakReference<object>(pool), read));
#if NET
            s_meter ??= CreateMeter();
#endif
        }

        // Outside the lock: constructing the EventSource notifies listeners, whose callbacks may enable it and
        // so poll the counters, which take the lock.
        GC.KeepAlive(EddyEventSource.Log);
    }

    /// <summary>
    /// Adds a block pool. Its counters live in the pool, so they are read through a weak reference; when the pool
    /// is collected, the counts of the last collection are kept (activity after it is not counted).
    /// </summary>
    public static void Register(BlockPool pool)
    {
        var weak = new WeakReference<BlockPool>(pool);
        var last = new PoolCounters[1];
        Register(BlockKind, pool, () =>
        {
            if (weak.TryGetTarget(out BlockPool? live))
            {
                BlockPoolStatistics statistics = live.GetStatistics();
                last[0] = new PoolCounters(
                    statistics.RentedBytes,
                    statistics.AllocatedBytes,
                    statistics.TrimmedBytes,
                    statistics.DroppedBytes,
                    statistics.RetainedBytes);
            }

            return last[0];
        });
    }

    /// <summary>Writes a pool trim to the EventSource, when someone listens.</summary>
    public static void ReportTrim(string poolName, long bytes)
    {
        if (bytes != 0 && EddyEventSource.Log.IsEnabled())
        {
            EddyEventSource.Log.PoolTrimmed(poolName, bytes);
        }
    }

    /// <summary>The summed counters of each pool kind, collected pools included (with nothing retained).</summary>
    public static List<KeyValuePair<string, PoolCounters>> Collect()
    {
        var totals = new List<KeyValuePair<string, PoolCounters>>();
        lock (s_sources)
        {
            for (int i = s_sources.Count - 1; i >= 0; i--)
            {
                Source source = s_sources[i];
                if (!source.Pool.TryGetTarget(out _))
                {
                    // The pool is gone and so are the arrays it retained; its cumulative counts stay.
                    PoolCounters final = source.Read();
                    final = new PoolCounters(final.RentedBytes, final.AllocatedBytes, final.TrimmedBytes, final.DroppedOverCapBytes, 0);
                    s_collected[source.Kind] = s_collected.TryGetValue(source.Kind, out PoolCounters earlier) ? earlier + final : final;
                    s_sources.RemoveAt(i);
                }
            }

            foreach (KeyValuePair<string, PoolCounters> collected in s_collected)
            {
                Add(totals, collected.Key, collected.Value);
            }

            foreach (Source source in s_sources)
            {
                Add(totals, source.Kind, source.Read());
            }
        }

        return totals;
    }

    private static void Add(List<KeyValuePair<string, PoolCounters>> totals, string kind, PoolCounters counters)
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

#if NET
    private static Meter CreateMeter()
    {
        var meter = new Meter(EddyDiagnostics.MeterName, typeof(PoolMetrics).Assembly.GetName().Version?.ToString());
        meter.CreateObservableUpDownCounter("eddy.pool.retained", () => Measure(static c => c.RetainedBytes), "By",
            "Bytes the pools hold for reuse now.");
        meter.CreateObservableCounter("eddy.pool.rented", () => Measure(static c => c.RentedBytes), "By",
            "Bytes handed out by pool rents.");
        meter.CreateObservableCounter("eddy.pool.allocated", () => Measure(static c => c.AllocatedBytes), "By",
            "Bytes the pools had to allocate (or rent from a backing pool) because they held none to reuse.");
        meter.CreateObservableCounter("eddy.pool.trimmed", () => Measure(static c => c.TrimmedBytes), "By",
            "Bytes the pools released by trimming.");
        meter.CreateObservableCounter("eddy.pool.dropped", () => Measure(static c => c.DroppedOverCapBytes), "By",
            "Bytes the pools refused on return because keeping them would exceed their cap.");
        meter.CreateObservableCounter("eddy.leaks.rescued", static () => LeakTracker.RescuedCount, "{object}",
            "Objects dropped without Dispose whose pooled memory Eddy gave back.");
        meter.CreateObservableCounter("eddy.leaks.rescued_bytes", static () => LeakTracker.RescuedBytes, "By",
            "Pooled bytes given back by rescues of objects dropped without Dispose.");
        return meter;
    }

    private static IEnumerable<Measurement<long>> Measure(Func<PoolCounters, long> select)
    {
        foreach (KeyValuePair<string, PoolCounters> pair in Collect())
        {
            yield return new Measurement<long>(select(pair.Value), new KeyValuePair<string, object?>("eddy.pool", pair.Key));
        }
    }
#endif

    private sealed class Source
    {
        public Source(string kind, WeakReference<object> pool, Func<PoolCounters> read)
        {
            Kind = kind;
            Pool = pool;
            Read = read;
        }

        public string Kind { get; }

        public WeakReference<object> Pool { get; }

        public Func<PoolCounters> Read { get; }
    }
}

using System;
using System.Collections.Generic;
using System.Diagnostics.Metrics;
using Eddy.Pooling;

namespace Eddy.Diagnostics;

// The meter: System.Diagnostics.Metrics is part of .NET, not of netstandard2.1.
internal static partial class PoolMetrics
{
    private static Meter? s_meter;

    /// <summary>The Eddy meter, created when the first pool is added.</summary>
    public static Meter? Meter => s_meter;

    static partial void CreateMeterOnce() => s_meter ??= CreateMeter();

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
        foreach (KeyValuePair<string, PoolCounters> pair in PoolRegistry.Collect())
        {
            yield return new Measurement<long>(select(pair.Value), new KeyValuePair<string, object?>("eddy.pool", pair.Key));
        }
    }
}

using System;
using System.Collections.Generic;
using System.Diagnostics.Metrics;
using System.Linq;
using System.Runtime.CompilerServices;
using Eddy.Diagnostics;
using Eddy.Pooling;
using Eddy.Tests.Pooling.SelfReturning;

namespace Eddy.Tests.Diagnostics;

[Collection(LeakTrackingCollection.Name)]
public class EddyMeterTests
{
    private static readonly string[] s_instruments =
    {
        "eddy.pool.retained",
        "eddy.pool.rented",
        "eddy.pool.allocated",
        "eddy.pool.trimmed",
        "eddy.pool.dropped",
        "eddy.leaks.rescued",
        "eddy.leaks.rescued_bytes",
    };

    [Fact]
    public void The_meter_named_Eddy_publishes_every_instrument()
    {
        GC.KeepAlive(SelfReturningBufferPool.Shared);
        var published = new List<string>();
        using var listener = new MeterListener
        {
            InstrumentPublished = (instrument, _) =>
            {
                if (instrument.Meter.Name == EddyDiagnostics.MeterName)
                {
                    published.Add(instrument.Name);
                }
            },
        };
        listener.Start();

        Assert.Equal(s_instruments, published);
    }

    [Fact]
    public void Instruments_follow_the_pools_and_the_leak_tracker()
    {
        var backing = new CountingArrayPool();
        var pool = new SelfReturningBufferPool(backing, maximumRetainedBytes: 3072);
        Dictionary<string, long> before = Collect();

        SelfReturningBuffer a = pool.Rent(2048); // owned by the pool
        SelfReturningBuffer b = pool.Rent(2048); // beyond the 3 KiB cap: not owned
        a.Dispose();
        b.Dispose(); // cannot be kept under the cap: dropped
        Dictionary<string, long> afterDispose = Collect();
        LeakOne(pool);
        Gc.CollectAll();
        pool.Rent(1).Dispose(); // sweeps: the leaked 1 KiB array (owned: 2 KiB + 1 KiB fit the cap) is rescued

        Dictionary<string, long> afterLeak = Collect();
        pool.Trim();
        Dictionary<string, long> afterTrim = Collect();

        Assert.True(afterLeak["eddy.pool.rented"] - before["eddy.pool.rented"] >= (2 * 2048) + 1024 + 16);
        Assert.True(afterLeak["eddy.pool.allocated"] - before["eddy.pool.allocated"] >= (2 * 2048) + 1024 + 16);
        Assert.True(afterLeak["eddy.pool.dropped"] - before["eddy.pool.dropped"] >= 2048);
        Assert.True(afterLeak["eddy.leaks.rescued"] - before["eddy.leaks.rescued"] >= 1);
        Assert.True(afterLeak["eddy.leaks.rescued_bytes"] - before["eddy.leaks.rescued_bytes"] >= 1024);
        Assert.True(afterDispose["eddy.pool.retained"] >= 2048);

        // The forced collections may have trimmed the idle pool already; with the explicit Trim, everything it
        // held (2 KiB and the rescued 1 KiB; the last 16 bytes did not fit under the cap) has been trimmed.
        Assert.True(afterTrim["eddy.pool.trimmed"] - before["eddy.pool.trimmed"] >= 2048 + 1024);
        Assert.Equal(0, pool.GetStatistics().RetainedBytes);
        GC.KeepAlive(pool);
    }

    [Fact]
    public void Block_pools_are_measured_under_their_own_tag()
    {
        var pool = new BlockPool(new BlockPoolOptions { TrimOnGen2Collection = false });
        Dictionary<string, long> before = Collect("block");

        byte[] block = pool.Rent(4096);
        pool.Return(block);
        Dictionary<string, long> afterReturn = Collect("block");
        pool.Trim();
        long trimmed = pool.GetStatistics().TrimmedBytes;
        Dictionary<string, long> afterTrim = Collect("block");

        Assert.True(afterReturn["eddy.pool.rented"] - before["eddy.pool.rented"] >= 4096);
        Assert.True(afterReturn["eddy.pool.allocated"] - before["eddy.pool.allocated"] >= 4096);
        Assert.True(afterReturn["eddy.pool.retained"] >= 4096);
        Assert.True(trimmed >= 4096);
        Assert.True(afterTrim["eddy.pool.trimmed"] - afterReturn["eddy.pool.trimmed"] >= trimmed);
        GC.KeepAlive(pool);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void LeakOne(SelfReturningBufferPool pool) => pool.Rent(1000)[0] = 1;

    /// <summary>Reads every Eddy instrument once, summing the measurements of all pool kinds (or of one).</summary>
    private static Dictionary<string, long> Collect(string? poolKind = null)
    {
        var values = new Dictionary<string, long>();
        using var listener = new MeterListener
        {
            InstrumentPublished = (instrument, l) =>
            {
                if (instrument.Meter.Name == EddyDiagnostics.MeterName)
                {
                    l.EnableMeasurementEvents(instrument);
                }
            },
        };
        listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) =>
        {
            if (poolKind is not null && instrument.Name.StartsWith("eddy.pool.", StringComparison.Ordinal)
                && !tags.ToArray().Contains(new KeyValuePair<string, object?>("eddy.pool", poolKind)))
            {
                return;
            }

            values[instrument.Name] = values.GetValueOrDefault(instrument.Name) + value;
        });
        listener.Start();
        listener.RecordObservableInstruments();
        return values;
    }
}

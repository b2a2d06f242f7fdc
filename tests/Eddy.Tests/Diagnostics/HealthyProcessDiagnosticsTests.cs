using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics.Metrics;
using System.Diagnostics.Tracing;
using System.Linq;
using System.Threading;
using Eddy.Diagnostics;
using Eddy.Pooling;

namespace Eddy.Tests.Diagnostics;

/// <summary>
/// What a listener sees of Eddy in a process that leaks and trims nothing, found the way a user or a tool finds it:
/// the EventSource and the meter by name, not through Eddy's internals.
/// </summary>
[Collection(LeakTrackingCollection.Name)]
public class HealthyProcessDiagnosticsTests
{
    private static readonly string[] s_counters = ["leaks-rescued", "leaks-rescued-bytes", "pool-allocated-bytes", "pool-retained-bytes"];

    private static readonly string[] s_instruments =
    [
        "eddy.leaks.rescued", "eddy.leaks.rescued_bytes", "eddy.pool.allocated", "eddy.pool.dropped",
        "eddy.pool.rented", "eddy.pool.retained", "eddy.pool.trimmed",
    ];

    [Fact]
    public void The_event_source_exists_once_the_first_pool_does()
    {
        _ = BlockPool.Shared;

        Assert.Contains(EventSource.GetSources(), s => s.Name == EddyDiagnostics.EventSourceName);
    }

    [Fact]
    public void A_new_pool_alone_publishes_the_event_source_and_the_meter()
    {
        // Pool construction is what creates them; a fresh pool must leave them in place (and not fail when they exist).
        _ = new BlockPool(new BlockPoolOptions { TrimOnGen2Collection = false });

        Assert.Contains(EventSource.GetSources(), s => s.Name == EddyDiagnostics.EventSourceName);
        using var listener = new MeterListener();
        var meters = new ConcurrentBag<string>();
        listener.InstrumentPublished = (instrument, _) => meters.Add(instrument.Meter.Name);
        listener.Start();
        Assert.Contains(EddyDiagnostics.MeterName, meters);
    }

    [Fact]
    public void An_event_listener_receives_the_counters_while_streams_come_and_go()
    {
        using var listener = new CounterListener();
        var payload = new byte[40_000];
        DateTime deadline = DateTime.UtcNow.AddSeconds(15);
        while (DateTime.UtcNow < deadline && !s_counters.All(listener.Counters.ContainsKey))
        {
            for (int i = 0; i < 100; i++)
            {
                using var stream = new PooledMemoryStream();
                stream.Write(payload);
            }

            Thread.Sleep(20);
        }

        Assert.Equal(s_counters, listener.Counters.Keys.Order(StringComparer.Ordinal));
        Assert.True(listener.Counters["pool-allocated-bytes"] > 0, "the streams' pool allocated nothing?");
    }

    [Fact]
    public void A_meter_listener_receives_every_instrument_while_streams_come_and_go()
    {
        var totals = new ConcurrentDictionary<string, long>();
        using var listener = new MeterListener();
        listener.InstrumentPublished = (instrument, l) =>
        {
            if (instrument.Meter.Name == EddyDiagnostics.MeterName)
            {
                l.EnableMeasurementEvents(instrument);
            }
        };
        listener.SetMeasurementEventCallback<long>((instrument, value, _, _) => totals.AddOrUpdate(instrument.Name, value, (_, sum) => sum + value));
        listener.Start();

        for (int i = 0; i < 100; i++)
        {
            using var stream = new PooledMemoryStream();
            stream.Write(new byte[40_000]);
        }

        listener.RecordObservableInstruments();

        Assert.Equal(s_instruments, totals.Keys.Order(StringComparer.Ordinal));
        Assert.True(totals["eddy.pool.rented"] >= 100 * 40_000, $"rented {totals["eddy.pool.rented"]}");
    }

    /// <summary>Enables "Eddy-Pooling" by name when it appears, as a monitoring tool does, and keeps each counter's last mean.</summary>
    private sealed class CounterListener : EventListener
    {
        public ConcurrentDictionary<string, double> Counters { get; } = new();

        protected override void OnEventSourceCreated(EventSource eventSource)
        {
            if (eventSource.Name == EddyDiagnostics.EventSourceName)
            {
                EnableEvents(eventSource, EventLevel.Informational, EventKeywords.All,
                    new Dictionary<string, string?> { ["EventCounterIntervalSec"] = "0.1" });
            }
        }

        protected override void OnEventWritten(EventWrittenEventArgs eventData)
        {
            if (eventData.EventName == "EventCounters" && eventData.Payload?[0] is IDictionary<string, object?> counter
                && counter["Name"] is string name && counter["Mean"] is double mean)
            {
                Counters[name] = mean;
            }
        }
    }
}

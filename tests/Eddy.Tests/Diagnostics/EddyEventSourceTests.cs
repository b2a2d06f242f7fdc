using System;
using System.Collections.Generic;
using System.Diagnostics.Tracing;
using System.Linq;
using System.Runtime.CompilerServices;
using Eddy.Diagnostics;
using Eddy.Pooling;
using Eddy.Tests.Pooling.SelfReturning;

namespace Eddy.Tests.Diagnostics;

[Collection(LeakTrackingCollection.Name)]
public class EddyEventSourceTests
{
    [Fact]
    public void The_event_source_is_named_Eddy_Pooling()
    {
        Assert.Equal("Eddy-Pooling", EventSource.GetName(typeof(EddyEventSource)));
        Assert.Equal(EddyDiagnostics.EventSourceName, EddyEventSource.Log.Name);
    }

    [Fact]
    public void The_meter_and_the_event_source_names_differ_as_the_platform_convention_has_them()
    {
        // dotnet-counters refuses one name with and without the EventCounters\ prefix, so the two must differ;
        // the platform's convention (Microsoft.AspNetCore.Server.Kestrel / Microsoft-AspNetCore-Server-Kestrel)
        // is the same words with dots for the meter and dashes for the EventSource.
        Assert.Equal("Eddy.Pooling", EddyDiagnostics.MeterName);
        Assert.NotEqual(EddyDiagnostics.MeterName, EddyDiagnostics.EventSourceName);
        Assert.Equal("Eddy-Pooling", EddyDiagnostics.MeterName.Replace('.', '-'));
    }

    [Fact]
    public void Leaks_and_trims_arrive_as_events()
    {
        using var listener = new RecordingListener();
        var pool = new SelfReturningBufferPool(new CountingArrayPool());

        pool.Rent(1).Dispose();
        pool.Trim();
        LeakOneBuffer(pool);
        Gc.CollectAll();
        pool.Rent(1).Dispose();

        EventWrittenEventArgs leak = Assert.Single(listener.Events(EddyEventSource.LeakDetectedEventId),
            e => (long)e.Payload![1]! == 4096);
        Assert.Equal(typeof(SelfReturningBuffer).FullName, leak.Payload![0]);
        Assert.Equal(EventLevel.Warning, leak.Level);
        Assert.IsType<string>(leak.Payload[2]);

        EventWrittenEventArgs trim = Assert.Single(listener.Events(EddyEventSource.PoolTrimmedEventId),
            e => (long)e.Payload![1]! == 16);
        Assert.Equal(nameof(SelfReturningBufferPool), trim.Payload![0]);
    }

    [Fact]
    public void Block_pool_trims_arrive_as_events()
    {
        using var listener = new RecordingListener();
        var pool = new BlockPool(new BlockPoolOptions { TrimOnGen2Collection = false });
        pool.Return(pool.Rent(8192));
        pool.Trim();
        long trimmed = pool.GetStatistics().TrimmedBytes;

        EventWrittenEventArgs trim = Assert.Single(listener.Events(EddyEventSource.PoolTrimmedEventId),
            e => (string)e.Payload![0]! == nameof(BlockPool) && (long)e.Payload[1]! == trimmed);
        Assert.True((long)trim.Payload![1]! >= 8192);
    }

    [Fact]
    public void Counters_report_the_leak_totals_and_the_pools()
    {
        using var listener = new RecordingListener(new Dictionary<string, string?> { ["EventCounterIntervalSec"] = "0.1" });
        DateTime deadline = DateTime.UtcNow.AddSeconds(10);
        while (DateTime.UtcNow < deadline && listener.CounterNames().Count < 4)
        {
            System.Threading.Thread.Sleep(50);
        }

        Assert.Contains("leaks-rescued", listener.CounterNames());
        Assert.Contains("leaks-rescued-bytes", listener.CounterNames());
        Assert.Contains("pool-retained-bytes", listener.CounterNames());
        Assert.Contains("pool-allocated-bytes", listener.CounterNames());
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void LeakOneBuffer(SelfReturningBufferPool pool) => pool.Rent(4000)[0] = 1;

    private sealed class RecordingListener : EventListener
    {
        private readonly List<EventWrittenEventArgs> _events = new();
        private readonly IDictionary<string, string?>? _arguments;

        public RecordingListener(IDictionary<string, string?>? arguments = null)
        {
            _arguments = arguments;
            EnableEvents(EddyEventSource.Log, EventLevel.Verbose, EventKeywords.All, _arguments);
        }

        public List<EventWrittenEventArgs> Events(int eventId)
        {
            lock (_events)
            {
                return _events.Where(e => e.EventId == eventId).ToList();
            }
        }

        public List<string> CounterNames()
        {
            lock (_events)
            {
                return _events
                    .Where(e => e.EventName == "EventCounters")
                    .Select(e => (IDictionary<string, object?>)e.Payload![0]!)
                    .Select(p => (string)p["Name"]!)
                    .Distinct()
                    .ToList();
            }
        }

        protected override void OnEventWritten(EventWrittenEventArgs eventData)
        {
            lock (_events)
            {
                _events.Add(eventData);
            }
        }
    }
}

using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics.Tracing;
using Eddy.Diagnostics;

namespace Eddy.Samples.Diagnostics;

/// <summary>Enables the "Eddy-Pooling" EventSource when it appears and keeps the last value of each of its counters.</summary>
internal sealed class EddyEventListener : EventListener
{
    /// <summary>Counter name to its last reported value.</summary>
    public ConcurrentDictionary<string, double> Counters { get; } = new();

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name == EddyDiagnostics.EventSourceName)
        {
            EnableEvents(eventSource, EventLevel.Informational, EventKeywords.All,
                new Dictionary<string, string?> { ["EventCounterIntervalSec"] = "1" });
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        if (eventData.EventName == "EventCounters" && eventData.Payload is { Count: > 0 } payload
            && payload[0] is IDictionary<string, object?> counter
            && counter.TryGetValue("Name", out object? name) && name is string counterName
            && counter.TryGetValue("Mean", out object? mean) && mean is double value)
        {
            Counters[counterName] = value;
        }
    }
}

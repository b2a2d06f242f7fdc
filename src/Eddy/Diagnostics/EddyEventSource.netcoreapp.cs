using System;
using System.Collections.Generic;
using System.Diagnostics.Tracing;
using Eddy.Pooling;

namespace Eddy.Diagnostics;

// The polling counters: EventSource counters are part of .NET, not of netstandard2.1.
internal sealed partial class EddyEventSource
{
    private PollingCounter? _rescuedCounter;
    private PollingCounter? _rescuedBytesCounter;
    private PollingCounter? _retainedCounter;
    private PollingCounter? _allocatedCounter;

    /// <inheritdoc/>
    protected override void OnEventCommand(EventCommandEventArgs command)
    {
        // Counters exist only while someone listens, so an idle process pays nothing for them.
        if (command.Command == EventCommand.Enable)
        {
            _rescuedCounter ??= new PollingCounter("leaks-rescued", this, () => LeakTracker.RescuedCount)
            {
                DisplayName = "Leaks rescued",
            };
            _rescuedBytesCounter ??= new PollingCounter("leaks-rescued-bytes", this, () => LeakTracker.RescuedBytes)
            {
                DisplayName = "Bytes rescued from leaks",
                DisplayUnits = "B",
            };
            _retainedCounter ??= new PollingCounter("pool-retained-bytes", this, () => SumPools(static c => c.RetainedBytes))
            {
                DisplayName = "Bytes retained by Eddy's pools",
                DisplayUnits = "B",
            };
            _allocatedCounter ??= new PollingCounter("pool-allocated-bytes", this, () => SumPools(static c => c.AllocatedBytes))
            {
                DisplayName = "Bytes Eddy's pools had to allocate",
                DisplayUnits = "B",
            };
        }
    }

    private static double SumPools(Func<PoolCounters, long> select)
    {
        long total = 0;
        foreach (KeyValuePair<string, PoolCounters> pair in PoolRegistry.Collect())
        {
            total += select(pair.Value);
        }

        return total;
    }
}

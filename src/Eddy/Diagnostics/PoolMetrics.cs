using System;
using Eddy.Pooling;

namespace Eddy.Diagnostics;

/// <summary>
/// Observes the pools of <see cref="PoolRegistry"/>: creates the <c>Eddy.Pooling</c> meter (on .NET 8 and later) and the
/// <c>Eddy-Pooling</c> EventSource when the first pool exists, and writes pool trims to the EventSource. The meter's
/// observable instruments read the pools' counters from the registry when a listener collects, so the pools'
/// hot paths do nothing for metrics.
/// </summary>
internal static partial class PoolMetrics
{
    private static readonly object s_lock = new();

    /// <summary>Hears of pools from the registry; attached by <see cref="Observation"/>.</summary>
    internal sealed class PoolObserver : IPoolObserver
    {
        /// <remarks>
        /// Creates the meter and the EventSource, so that listeners and tools see both from the moment Eddy's first
        /// pool exists, in a process that never leaks or trims. Runs once per pool, never on a rent or return.
        /// </remarks>
        public void OnPoolAdded()
        {
            lock (s_lock)
            {
                CreateMeterOnce();
            }

            // Outside the lock: constructing the EventSource notifies listeners, whose callbacks may enable it and
            // so poll the counters.
            GC.KeepAlive(EddyEventSource.Log);
        }

        public void OnTrimmed(string poolName, long bytes)
        {
            if (EddyEventSource.Log.IsEnabled())
            {
                EddyEventSource.Log.PoolTrimmed(poolName, bytes);
            }
        }
    }

    /// <summary>Creates the meter if the target has one and it does not exist yet; called under the lock.</summary>
    static partial void CreateMeterOnce();
}

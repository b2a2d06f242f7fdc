using System;
using System.Diagnostics;
using Eddy.Lifetime;

namespace Eddy.Diagnostics;

/// <summary>
/// Counts the objects Eddy rescues (pooled memory given back after its owner was dropped without
/// <see cref="IDisposable.Dispose"/>) and, for one creation in <see cref="SamplingInterval"/>, records where
/// the object was created so that a leak can be traced to its source, as Netty's leak detector does.
/// </summary>
/// <remarks>
/// <para>Every rescue is counted (<see cref="RescuedCount"/>, <see cref="RescuedBytes"/>), written to the
/// <c>Eddy-Pooling</c> EventSource and exposed by the <c>Eddy.Pooling</c> meter. <see cref="LeakDetected"/> is raised for every
/// rescue; its <see cref="LeakDetectedEventArgs.AllocationStackTrace"/> is set only for sampled creations.</para>
/// <para>Sampling costs an increment and a compare per tracked creation (on a counter the tracking code already
/// owns), plus a stack capture for the sampled ones; set <see cref="SamplingInterval"/> to 0 to turn capture off entirely. The default is
/// <see cref="DefaultSamplingInterval"/>, or the value of the <c>EDDY_LEAK_SAMPLING_INTERVAL</c> environment
/// variable when it is set.</para>
/// </remarks>
public static class LeakTracker
{
    /// <summary>
    /// The default sampling interval: one creation in 8192 captures its stack. A capture costs several
    /// microseconds, so this keeps the average cost per tracked creation to about a nanosecond.
    /// </summary>
    public const int DefaultSamplingInterval = Rescues.DefaultSamplingInterval;

    /// <summary>The environment variable read once at start-up to override <see cref="DefaultSamplingInterval"/>.</summary>
    public const string SamplingIntervalVariable = Rescues.SamplingIntervalVariable;

    static LeakTracker()
    {
        // Attached when the assembly loads already; repeated here for a runtime that skips module initializers,
        // so a handler added to LeakDetected always hears of the rescues that follow.
        Observation.Attach();
    }

    /// <summary>
    /// Raised after each rescue, on the thread that performed it (a thread that was renting from a pool,
    /// or the finalizer thread). Handlers must be quick and must not throw.
    /// </summary>
    public static event EventHandler<LeakDetectedEventArgs>? LeakDetected;

    /// <summary>
    /// How often creations capture their stack: one in <c>SamplingInterval</c> (rounded up to a power of two);
    /// 1 captures every creation, 0 turns capture off. Rescues are counted either way.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative.</exception>
    public static int SamplingInterval
    {
        get => Rescues.SamplingInterval;
        set => Rescues.SamplingInterval = value;
    }

    /// <summary>The number of objects rescued since the process started.</summary>
    public static long RescuedCount => Rescues.Count;

    /// <summary>The number of pooled bytes given back by rescues since the process started.</summary>
    public static long RescuedBytes => Rescues.Bytes;

    /// <summary>True when someone listens for individual leaks, so a rescuer should build reports.</summary>
    private static bool HasListeners => LeakDetected is not null || EddyEventSource.Log.IsEnabled();

    /// <summary>
    /// Publishes one rescue to <see cref="LeakDetected"/> and the EventSource. The rescue itself is already
    /// counted. Called outside any lock: handlers run user code.
    /// </summary>
    private static void Publish(Type leakedType, long bytes, StackTrace? allocationStackTrace)
    {
        EddyEventSource log = EddyEventSource.Log;
        if (log.IsEnabled())
        {
            log.LeakDetected(leakedType.FullName ?? leakedType.Name, bytes, allocationStackTrace?.ToString() ?? string.Empty);
        }

        EventHandler<LeakDetectedEventArgs>? handler = LeakDetected;
        if (handler is not null)
        {
            try
            {
                handler(null, new LeakDetectedEventArgs(leakedType, bytes, allocationStackTrace));
            }
#pragma warning disable CA1031 // A failing handler must not take down the finalizer thread or a renter.
            catch (Exception exception)
#pragma warning restore CA1031
            {
                Debug.Fail("A LeakDetected handler threw.", exception.ToString());
            }
        }
    }

    /// <summary>Hears of the lifetime layer's rescues and publishes them; attached by <see cref="Observation"/>.</summary>
    internal sealed class RescueObserver : IRescueObserver
    {
        public bool WantsReports => HasListeners;

        public void OnRescued(Type leakedType, long bytes, StackTrace? creationStack)
        {
            if (HasListeners)
            {
                Publish(leakedType, bytes, creationStack);
            }
        }
    }
}

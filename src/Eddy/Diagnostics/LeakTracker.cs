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
/// <para>Segmented streams and self-returning buffers are always tracked: every one dropped is rescued, counted
/// (<see cref="RescuedCount"/>, <see cref="RescuedBytes"/>), written to the <c>Eddy-Pooling</c> EventSource, exposed
/// by the <c>Eddy.Pooling</c> meter and raised as <see cref="LeakDetected"/>; one in <see cref="SamplingInterval"/>
/// carries its creation stack. Small contiguous streams, <see cref="Buffers.PooledBufferWriter{T}"/> and
/// <see cref="Buffers.SegmentedBuffer{T}"/> are tracked only when sampled, one first rent in
/// <see cref="SamplingInterval"/> per thread: a sampled one dropped is rescued and reported with its stack, an
/// unsampled one leaves its memory to the garbage collector, unseen.</para>
/// <para>Sampling costs a thread-static increment and a compare per first rent, plus, for the sampled ones, a
/// stack capture and a guard; set <see cref="SamplingInterval"/> to 1 to track and trace every creation (for
/// debugging), 0 to track none of the sampled kinds. The default is 65536, or the
/// value of the <c>EDDY_LEAK_SAMPLING_INTERVAL</c> environment variable when it is set.</para>
/// </remarks>
public static class LeakTracker
{
    /// <summary>
    /// The default sampling interval: one creation in 65536 is tracked with its stack. A capture costs several
    /// microseconds, so this keeps its average cost per creation to about a tenth of a nanosecond.
    /// </summary>
    internal const int DefaultSamplingInterval = Rescues.DefaultSamplingInterval;

    /// <summary>The environment variable read once at start-up to override the default sampling interval (65536).</summary>
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
    /// How often creations are sampled, per thread: one in <c>SamplingInterval</c> (rounded up to a power of two)
    /// captures its stack and, for the kinds tracked only when sampled (small streams, buffer writers), is
    /// tracked at all. 1 samples every creation, so every dropped object is reported with the stack of the code
    /// that created it; 0 samples none. Rescues of tracked objects are counted either way.
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

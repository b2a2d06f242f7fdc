using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Threading;
using Eddy.Internal;

namespace Eddy.Diagnostics;

/// <summary>
/// Counts the objects Eddy rescues (pooled memory given back after its owner was dropped without
/// <see cref="IDisposable.Dispose"/>) and, for one creation in <see cref="SamplingInterval"/>, records where
/// the object was created so that a leak can be traced to its source, as Netty's leak detector does.
/// </summary>
/// <remarks>
/// <para>Every rescue is counted (<see cref="RescuedCount"/>, <see cref="RescuedBytes"/>), written to the
/// <c>Eddy</c> EventSource and exposed by the <c>Eddy</c> meter. <see cref="LeakDetected"/> is raised for every
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
    public const int DefaultSamplingInterval = 8192;

    /// <summary>The environment variable read once at start-up to override <see cref="DefaultSamplingInterval"/>.</summary>
    public const string SamplingIntervalVariable = "EDDY_LEAK_SAMPLING_INTERVAL";

    // interval - 1 for a power-of-two interval; -1 when sampling is off.
    private static int s_sampleMask = InitialMask();
    private static long s_rescuedCount;
    private static long s_rescuedBytes;

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
        get => s_sampleMask < 0 ? 0 : s_sampleMask + 1;
        set
        {
            ThrowHelper.ThrowIfNegative(value);
            Volatile.Write(ref s_sampleMask, ToMask(value));
        }
    }

    /// <summary>The number of objects rescued since the process started.</summary>
    public static long RescuedCount => Volatile.Read(ref s_rescuedCount);

    /// <summary>The number of pooled bytes given back by rescues since the process started.</summary>
    public static long RescuedBytes => Volatile.Read(ref s_rescuedBytes);

    /// <summary>True when someone listens for individual leaks, so a rescuer should build reports.</summary>
    internal static bool HasListeners => LeakDetected is not null || EddyEventSource.Log.IsEnabled();

    /// <summary>
    /// Called when a tracked object is created: true for one call in <see cref="SamplingInterval"/> per
    /// <paramref name="creations"/> counter, when the caller should capture the creation stack with
    /// <see cref="CaptureCreationStack"/>. The counter belongs to the caller (a field guarded by its lock, or
    /// thread-local state it reads anyway), so that sampling costs an increment and a compare.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool ShouldSample(ref int creations)
    {
        int mask = s_sampleMask;
        // The counter wraps after int.MaxValue creations; the mask test only looks at the low bits.
        return mask >= 0 && (unchecked(++creations) & mask) == 0;
    }

    /// <summary>Captures the stack of the code creating a tracked object.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static StackTrace CaptureCreationStack() =>
        // Skip this helper and the tracking code that called it; file and line lookup is left out because it
        // reads PDBs and multiplies the cost of a capture.
        new(skipFrames: 2, fNeedFileInfo: false);

    /// <summary>Counts <paramref name="count"/> rescues that gave back <paramref name="bytes"/> bytes in all.</summary>
    internal static void CountRescues(long count, long bytes)
    {
        Interlocked.Add(ref s_rescuedCount, count);
        Interlocked.Add(ref s_rescuedBytes, bytes);
    }

    /// <summary>
    /// Publishes one rescue to <see cref="LeakDetected"/> and the EventSource. The rescue itself must already
    /// be counted with <see cref="CountRescues"/>. Call outside any lock: handlers run user code.
    /// </summary>
    internal static void Publish(Type leakedType, long bytes, StackTrace? allocationStackTrace)
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

    private static int ToMask(int interval) =>
        interval == 0 ? -1 : SizeClass.RoundUpToPowerOfTwo(interval) - 1;

    private static int InitialMask()
    {
        string? configured = Environment.GetEnvironmentVariable(SamplingIntervalVariable);
        return int.TryParse(configured, out int interval) && interval >= 0
            ? ToMask(interval)
            : ToMask(DefaultSamplingInterval);
    }
}

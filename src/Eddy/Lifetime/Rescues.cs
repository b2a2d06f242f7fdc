using System;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Threading;
using Eddy.Internal;

namespace Eddy.Lifetime;

/// <summary>
/// What every rescue mechanism shares: the process-wide totals of rescues, the sampling of creation stacks, and
/// the one slot through which an observer hears of each rescue.
/// </summary>
/// <remarks>
/// The totals are kept here rather than by the observer, so they are exact whenever the observer attaches: a
/// rescue with no observer is counted and only its report is skipped, and nobody can have asked for that report.
/// The hot paths (arming a guard, tracking a buffer) read only the sampling mask; the observer is read on a
/// rescue, which is the leak path.
/// </remarks>
internal static partial class Rescues
{
    /// <summary>One creation in this many is sampled unless configured otherwise.</summary>
    public const int DefaultSamplingInterval = 65536;

    /// <summary>The environment variable read once at start-up to override <see cref="DefaultSamplingInterval"/>.</summary>
    public const string SamplingIntervalVariable = "EDDY_LEAK_SAMPLING_INTERVAL";

    // interval - 1 for a power-of-two interval; -1 when sampling is off.
    private static int s_sampleMask = InitialMask();
    private static long s_count;
    private static long s_bytes;
    private static IRescueObserver? s_observer;

    /// <summary>The number of objects rescued since the process started.</summary>
    public static long Count => Volatile.Read(ref s_count);

    /// <summary>The number of pooled bytes given back by rescues since the process started.</summary>
    public static long Bytes => Volatile.Read(ref s_bytes);

    /// <summary>Who hears of each rescue; null while nobody observes.</summary>
    public static IRescueObserver? Observer
    {
        get => Volatile.Read(ref s_observer);
        set => Volatile.Write(ref s_observer, value);
    }

    /// <summary>True when the observer wants individual reports, so a rescuer should build them.</summary>
    public static bool WantsReports => Volatile.Read(ref s_observer) is { WantsReports: true };

    /// <summary>
    /// One creation in this many is sampled (a power of two): it captures its stack and, for owners tracked only
    /// when sampled, is tracked at all; 1 samples every creation, 0 none.
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

    /// <summary>
    /// Called when a tracked object is created: true for one call in <see cref="SamplingInterval"/> per
    /// <paramref name="creations"/> counter, when the caller should capture the creation stack with
    /// <see cref="CaptureCreationStack"/>. The counter belongs to the caller (a field guarded by its lock, or
    /// thread-local state it reads anyway), so that sampling costs an increment and a compare.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool ShouldSample(ref int creations)
    {
        int mask = s_sampleMask;
        // The counter wraps after int.MaxValue creations; the mask test only looks at the low bits.
        return mask >= 0 && (unchecked(++creations) & mask) == 0;
    }

    /// <summary>
    /// Captures the stack of the code creating a tracked object, without Eddy's own frames: its first frame is the
    /// caller's code that created (or first wrote to) the object, however deep inside Eddy the capture happens.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static StackTrace CaptureCreationStack()
    {
        // File and line lookup is left out because it reads PDBs and multiplies the cost of a capture.
        var stack = new StackTrace(skipFrames: 1, fNeedFileInfo: false);
        int eddyFrames = 0;
        int count = stack.FrameCount;
        while (eddyFrames < count && IsEddyFrame(stack.GetFrame(eddyFrames)))
        {
            eddyFrames++;
        }

        // Every frame in Eddy (a capture from Eddy's own threads): the whole stack says more than none.
        return eddyFrames == 0 || eddyFrames == count ? stack : WithoutLeadingFrames(stack, eddyFrames);
    }

    /// <summary>True for a frame of a method defined in this assembly.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode",
        Justification = "Only the declaring type's assembly is compared; a method trimmed away reads as null, and its frame is kept.")]
    private static bool IsEddyFrame(StackFrame? frame) =>
        frame?.GetMethod()?.DeclaringType?.Assembly == typeof(Rescues).Assembly;

    /// <summary>Counts <paramref name="count"/> rescues that gave back <paramref name="bytes"/> bytes in all.</summary>
    public static void Record(long count, long bytes)
    {
        Interlocked.Add(ref s_count, count);
        Interlocked.Add(ref s_bytes, bytes);
    }

    /// <summary>
    /// Tells the observer, if any, of one rescue already counted with <see cref="Record"/>. Call
    /// outside any lock: the observer runs user code.
    /// </summary>
    public static void Report(Type leakedType, long bytes, StackTrace? creationStack) =>
        Volatile.Read(ref s_observer)?.OnRescued(leakedType, bytes, creationStack);

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

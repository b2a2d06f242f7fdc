using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Eddy.Lifetime;

/// <summary>
/// Gives back the pooled memory of an object such as a stream or a buffer writer that is dropped without being
/// disposed, at almost no cost to a normally disposed object: a small finalizable guard, referenced only by its
/// owner, that holds the owner's <see cref="IRescuable"/> resources and rescues them from its finalizer. Guards
/// are recycled per thread, so the owner itself needs no finalizer and no guard is allocated in steady state.
/// </summary>
/// <remarks>
/// <para>Use: <see cref="Arm"/> when the owner first holds pooled memory (a stream that never writes pays
/// nothing), or, for an owner tracked only when sampled, when <see cref="ShouldTrack"/> says so at that moment; keep
/// the guard in a field, and in Dispose call <see cref="Disarm"/> exactly once (clear the field first) before giving
/// the memory back. The resources may be the owner itself: an armed guard is referenced by its owner alone, so the
/// two form a cycle that becomes unreachable as one, and the guard's finalizer then reads the owner's fields.</para>
/// <para>Why this is cheap: a disarmed guard goes back to its thread's cache still registered for finalization,
/// and the cache keeps it reachable, so its finalizer cannot run; arming it again is a pop and three field writes,
/// with no call into the runtime. Only a new guard pays the finalizable-allocation path, and only a guard the full
/// cache cannot take calls <see cref="GC.SuppressFinalize"/>. When a thread ends, its cached guards become
/// unreachable and their finalizers run with nothing to rescue.</para>
/// <para>The price is latency on the leak path: a recycled guard lives in Gen2, so a dropped owner's memory comes
/// back at the next Gen2 collection (a fresh guard's at the next collection of its generation). Rescues run on the
/// finalizer thread and are counted and reported through <see cref="Rescues"/>.</para>
/// </remarks>
internal sealed class RescueGuard
{
    /// <summary>Guards kept per thread for reuse.</summary>
    internal const int CacheSize = 16;

    [ThreadStatic]
    private static Cache? t_cache;

    // The thread's count of tracked creations, for sampling: a thread-static int, so counting needs no null check.
    [ThreadStatic]
    private static int t_creations;

    private IRescuable? _resources;
    private bool _clearResources;
    private Type? _ownerType;
    private StackTrace? _creationStack;

    private RescueGuard()
    {
    }

    ~RescueGuard()
    {
        IRescuable? resources = _resources;
        if (resources is null)
        {
            return;
        }

        _resources = null;
        long bytes;
        try
        {
            bytes = resources.Rescue(_clearResources);
        }
#pragma warning disable CA1031 // An exception on the finalizer thread would end the process.
        catch (Exception exception)
#pragma warning restore CA1031
        {
            Debug.Fail("A rescue threw.", exception.ToString());
            return;
        }

        Rescues.Record(1, bytes);
        Rescues.Report(_ownerType ?? typeof(object), bytes, _creationStack);
    }

    /// <summary>
    /// Counts one creation of an object that is tracked only when sampled (a small stream, a buffer writer) and
    /// returns true for one creation in <see cref="Rescues.SamplingInterval"/> on this thread: the caller then arms
    /// a guard with <c>captureStack</c> set. The unsampled path is a thread-static increment and a compare.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool ShouldTrack() => Rescues.ShouldSample(ref t_creations);

    /// <summary>
    /// Arms a guard for <paramref name="owner"/>: if the owner is collected before <see cref="Disarm"/>,
    /// <paramref name="resources"/> is rescued, and cleared first when <paramref name="clearResources"/> is set
    /// (an owner that clears its memory on return wants a rescue to clear it too). With
    /// <paramref name="captureStack"/> set the caller's stack is kept for the report (see
    /// <see cref="Rescues.CaptureCreationStack"/>); it is set for sampled creations.
    /// </summary>
    public static RescueGuard Arm(object owner, IRescuable resources, bool clearResources = false, bool captureStack = false)
    {
        StackTrace? creationStack = captureStack ? Rescues.CaptureCreationStack() : null;
        Cache cache = t_cache ??= new Cache();
        RescueGuard? guard = null;
        int cached = cache.Count;
        if (cached > 0)
        {
            cache.Count = --cached;
            guard = cache.Guards[cached];
            cache.Guards[cached] = null;
        }

        // A cached guard is still registered for finalization; a new one is registered by its allocation.
        guard ??= new RescueGuard();

        guard._resources = resources;
        guard._clearResources = clearResources;
        guard._ownerType = owner.GetType();
        guard._creationStack = creationStack;
        return guard;
    }

    /// <summary>
    /// Disarms the guard because its owner is being disposed, and recycles it. Call once; the owner must drop its
    /// reference to the guard.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Disarm()
    {
        _resources = null;
        _ownerType = null;
        _creationStack = null;

        Cache cache = t_cache ??= new Cache();
        int cached = cache.Count;
        if (cached < CacheSize)
        {
            cache.Guards[cached] = this;
            cache.Count = cached + 1;
        }
        else
        {
            // Left to the GC: spare it a finalizer run with nothing to do.
            GC.SuppressFinalize(this);
        }
    }

    /// <summary>
    /// Disarms the guard in <paramref name="field"/>, if any, and clears the field first, so that an owner's
    /// release paths disarm exactly once whichever of them runs.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void DisarmAndClear(ref RescueGuard? field)
    {
        RescueGuard? guard = field;
        if (guard is not null)
        {
            field = null;
            guard.Disarm();
        }
    }

    /// <summary>A thread's recycled guards.</summary>
    private sealed class Cache
    {
        public readonly RescueGuard?[] Guards = new RescueGuard?[CacheSize];
        public int Count;
    }
}

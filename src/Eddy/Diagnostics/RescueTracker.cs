using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;
using Eddy.Pooling;

namespace Eddy.Diagnostics;

/// <summary>
/// Gives back the pooled memory of objects such as streams and buffer writers that are dropped without being
/// disposed, without giving those objects (or any per-object helper) a finalizer.
/// </summary>
/// <remarks>
/// <para>The owner calls <see cref="Track"/> when it first holds pooled memory, passing a separate
/// <see cref="IRescuable"/> that holds that memory (the owner keeps a reference to it; it must not refer back to
/// the owner), and <see cref="Untrack"/> from Dispose. The tracker keeps a weak handle to the owner and a strong one
/// to the resources. After a garbage collection the next <see cref="Track"/> (or, for an idle process, a Gen2
/// callback) finds owners that were collected while still tracked and calls <see cref="IRescuable.Rescue"/> on
/// their resources; each such rescue is counted by <see cref="LeakTracker"/>.</para>
/// <para>A normally disposed owner pays two uncontended lock acquisitions and two weak-handle writes, and nothing
/// at collection time; docs/diagnostics.md has the measurements against a finalizable resource owner.</para>
/// </remarks>
internal sealed class RescueTracker
{
    private readonly OwnerRegistry _registry = new();

    public RescueTracker() =>
        Gen2GcCallback.Register(static tracker => ((RescueTracker)tracker).OnGen2Collection(), this);

    /// <summary>The tracker Eddy's streams and writers share.</summary>
    public static RescueTracker Shared { get; } = new();

    /// <summary>The number of owners tracked now.</summary>
    public int TrackedCount
    {
        get
        {
            lock (_registry.SyncRoot)
            {
                return _registry.LiveCount;
            }
        }
    }

    /// <summary>
    /// Starts tracking <paramref name="owner"/>; if it is collected before <see cref="Untrack"/>,
    /// <paramref name="resources"/> is rescued. Returns the ticket to pass to <see cref="Untrack"/>.
    /// </summary>
    public int Track(object owner, IRescuable resources)
    {
        StackTrace? creationStack = LeakTracker.SampleCreation();
        List<LeakReport>? reports = null;
        int slot;
        lock (_registry.SyncRoot)
        {
            if (_registry.NeedsSweep)
            {
                reports = _registry.SweepLocked();
            }

            slot = _registry.TrackLocked(owner, resources, creationStack);
        }

        LeakReport.PublishAll(reports);
        return slot;
    }

    /// <summary>
    /// Stops tracking: the owner was disposed and gave its resources back itself. Does nothing when
    /// <paramref name="ticket"/> no longer tracks <paramref name="resources"/> (already untracked, or rescued),
    /// so a repeated Dispose cannot untrack another owner that reuses the slot.
    /// </summary>
    public void Untrack(int ticket, IRescuable resources)
    {
        lock (_registry.SyncRoot)
        {
            if (_registry.IsLiveLocked(ticket) && ReferenceEquals(_registry.PayloadLocked(ticket), resources))
            {
                _registry.UntrackLocked(ticket);
            }
        }
    }

    /// <summary>Rescues what collections have made rescuable now, instead of at the next <see cref="Track"/>.</summary>
    public void Sweep()
    {
        List<LeakReport>? reports;
        lock (_registry.SyncRoot)
        {
            reports = _registry.SweepLocked();
        }

        LeakReport.PublishAll(reports);
    }

    private bool OnGen2Collection()
    {
        // Never block the finalizer thread behind a busy tracker; the next Track sweeps anyway.
        if (!Monitor.TryEnter(_registry.SyncRoot))
        {
            return true;
        }

        List<LeakReport>? reports;
        try
        {
            reports = _registry.SweepLocked();
        }
        finally
        {
            Monitor.Exit(_registry.SyncRoot);
        }

        LeakReport.PublishAll(reports);
        return true;
    }
}

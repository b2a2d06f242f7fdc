using System;
using System.Diagnostics;
using System.Runtime.InteropServices;

namespace Eddy.Diagnostics;

/// <summary>
/// One tracked object's entry in a <see cref="RescueRegistry{TSlot}"/>: a weak handle to the tracked object
/// and, in the subclass, whatever must go back to a pool if the object is dropped without being disposed.
/// Slots are long-lived and reused; only the weak handle's target changes per tracked object.
/// </summary>
internal abstract class RescueSlot
{
    // Short weak: cleared as soon as the tracked object is unreachable, so the next sweep sees it.
    private GCHandle _tracked = GCHandle.Alloc(null, GCHandleType.Weak);

    /// <summary>The slot's index in its registry's live list, or -1 while the slot is spare.</summary>
    internal int LiveIndex = -1;

    /// <summary>The tracked object's type, kept because the object itself is gone by the time a leak is reported.</summary>
    internal Type? TrackedType;

    /// <summary>The sampled creation stack of the tracked object, if any.</summary>
    internal StackTrace? CreationStack;

    ~RescueSlot() => _tracked.Free();

    /// <summary>True while the tracked object is reachable.</summary>
    internal bool IsTrackedAlive => _tracked.Target is not null;

    /// <summary>Points the weak handle at a new tracked object, or clears it.</summary>
    internal void SetTracked(object? value) => _tracked.Target = value;

    /// <summary>
    /// Gives the tracked object's pooled resources back after it was collected undisposed; returns the number
    /// of bytes given back. Runs under the registry lock, on a renting thread or the finalizer thread.
    /// </summary>
    protected internal abstract long Rescue();
}

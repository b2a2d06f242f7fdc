using System;
using System.Diagnostics;

namespace Eddy.Diagnostics;

/// <summary>
/// Describes one object that was dropped without being disposed and whose pooled memory Eddy gave back to
/// its pool on the owner's behalf (a "rescue").
/// </summary>
public sealed class LeakDetectedEventArgs : EventArgs
{
    internal LeakDetectedEventArgs(Type leakedType, long bytes, StackTrace? allocationStackTrace)
    {
        LeakedType = leakedType;
        Bytes = bytes;
        AllocationStackTrace = allocationStackTrace;
    }

    /// <summary>The type of the object that was dropped undisposed (for example <c>SelfReturningBuffer</c>).</summary>
    public Type LeakedType { get; }

    /// <summary>The number of pooled bytes given back to the pool by the rescue.</summary>
    public long Bytes { get; }

    /// <summary>
    /// Where the leaked object was created, when its creation was sampled (see
    /// <see cref="LeakTracker.SamplingInterval"/>): captured when the object was created or first rented memory,
    /// without Eddy's own frames, so its first frame is the caller's method that did it. <see langword="null"/>
    /// for objects that were not sampled.
    /// </summary>
    public StackTrace? AllocationStackTrace { get; }

    /// <inheritdoc/>
    public override string ToString() =>
        AllocationStackTrace is null
            ? $"{LeakedType.Name} dropped without Dispose; {Bytes} bytes rescued (creation not sampled)."
            : $"{LeakedType.Name} dropped without Dispose; {Bytes} bytes rescued. Created at:{Environment.NewLine}{AllocationStackTrace}";
}

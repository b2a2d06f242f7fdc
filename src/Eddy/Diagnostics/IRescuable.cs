namespace Eddy.Diagnostics;

/// <summary>
/// The pooled resources of an object tracked by a <see cref="RescueTracker"/> (for example the chunk list behind
/// a stream): what must go back to the pools if the object is dropped without being disposed. It must not refer
/// back to the tracked object, or the tracked object would never become unreachable.
/// </summary>
internal interface IRescuable
{
    /// <summary>
    /// Gives every pooled resource back, after the tracked object was collected undisposed, and returns the
    /// number of bytes given back. Called at most once per tracking, under the tracker's lock, possibly on the
    /// finalizer thread; it must not call back into the tracker.
    /// </summary>
    long Rescue();
}

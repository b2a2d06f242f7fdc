namespace Eddy.Lifetime;

/// <summary>
/// The pooled resources of an object guarded by a <see cref="RescueGuard"/> (for example the chunk list behind a
/// stream), or the guarded object itself: what must go back to the pools if the object is dropped without being
/// disposed. Referring back to the guarded object is fine: the guard is referenced by that object alone, so both
/// become unreachable together, and the guard's finalizer keeps them readable while it rescues.
/// </summary>
internal interface IRescuable
{
    /// <summary>
    /// Gives every pooled resource back, after the guarded object was collected undisposed, and returns the number
    /// of bytes given back. Called at most once per arming, on the finalizer thread.
    /// </summary>
    /// <param name="clear">True when the owner asked, at arming, for its memory to be cleared before it goes back.</param>
    long Rescue(bool clear);
}

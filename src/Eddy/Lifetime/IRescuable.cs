namespace Eddy.Lifetime;

/// <summary>
/// The pooled resources of an object guarded by a <see cref="RescueGuard"/> (for example the chunk list behind a
/// stream): what must go back to the pools if the object is dropped without being disposed. It must not refer
/// back to the guarded object, or that object would never become unreachable.
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

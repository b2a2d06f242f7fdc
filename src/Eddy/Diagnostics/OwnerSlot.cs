namespace Eddy.Diagnostics;

/// <summary>A <see cref="RescueTracker"/> slot: the resources to rescue if the tracked object is dropped.</summary>
internal sealed class OwnerSlot : RescueSlot
{
    /// <summary>The tracked object's resources; null while the slot is spare.</summary>
    internal IRescuable? Resources;

    /// <inheritdoc/>
    protected internal override long Rescue()
    {
        IRescuable? resources = Resources;
        Resources = null;
        return resources?.Rescue() ?? 0;
    }
}

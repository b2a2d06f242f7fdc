namespace Eddy.Diagnostics;

/// <summary>The registry behind a <see cref="RescueTracker"/>: each slot's payload is the owner's resources.</summary>
internal sealed class OwnerRegistry : RescueRegistry<IRescuable?>
{
    /// <inheritdoc/>
    protected override long Rescue(IRescuable? payload) => payload?.Rescue() ?? 0;
}

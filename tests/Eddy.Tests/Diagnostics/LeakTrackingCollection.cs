namespace Eddy.Tests.Diagnostics;

/// <summary>
/// Tests that collect garbage, count rescues or change <c>LeakTracker</c> settings share process-wide state,
/// so they run one at a time and never alongside other tests.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class LeakTrackingCollection
{
    public const string Name = "Leak tracking";
}

namespace Eddy.Tests.Internal;

/// <summary>
/// Tests that place pinned arrays at chosen distances from each other rely on the pinned heap handing out
/// addresses in a row; another test allocating pinned arrays meanwhile breaks the row, so they run one at a time
/// and never alongside other tests.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class MemoryLayoutCollection
{
    public const string Name = "Memory layout";
}

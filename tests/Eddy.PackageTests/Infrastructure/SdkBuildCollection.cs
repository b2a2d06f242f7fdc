namespace Eddy.PackageTests.Infrastructure;

/// <summary>
/// Tests that run the SDK over src/Eddy (pack, publish) write the same obj/ and bin/ folders, so they run one
/// after another rather than in parallel.
/// </summary>
[CollectionDefinition(Name)]
public sealed class SdkBuildCollection
{
    public const string Name = "dotnet SDK builds";
}

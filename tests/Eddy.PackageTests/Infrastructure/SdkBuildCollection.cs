namespace Eddy.PackageTests.Infrastructure;

/// <summary>
/// Tests that run the SDK over src/Eddy (pack, publish) write the same obj/ and bin/ folders, so they run one
/// after another rather than in parallel. They share one <see cref="PackageFixture"/>, so the packages are packed
/// once per run.
/// </summary>
[CollectionDefinition(Name)]
public sealed class SdkBuildCollection : ICollectionFixture<PackageFixture>
{
    public const string Name = "dotnet SDK builds";
}

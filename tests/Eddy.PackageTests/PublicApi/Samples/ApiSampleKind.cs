namespace Eddy.PackageTests.PublicApi.Samples;

/// <summary>An enum with an explicit underlying type.</summary>
public enum ApiSampleKind : byte
{
    First = 1,
    Second = 2,
}

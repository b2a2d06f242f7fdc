namespace Eddy.PackageTests.PublicApi.Samples;

/// <summary>A generic delegate with a constraint.</summary>
public delegate TResult? ApiSampleCallback<in T, TResult>(T value)
    where T : unmanaged
    where TResult : class;

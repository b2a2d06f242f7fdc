namespace Eddy.Benchmarks.Tests;

/// <summary>Serializes the tests that read or flip the process-wide <c>BenchmarkMode.Quick</c> switch.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class BenchmarkModeCollection
{
    public const string Name = "BenchmarkMode";
}

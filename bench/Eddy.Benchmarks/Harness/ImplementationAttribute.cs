using System;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Names the implementation a [Benchmark] method measures, using an id of <see cref="ImplementationIds"/>.
/// A method without it is reported under its own name.
/// </summary>
[AttributeUsage(AttributeTargets.Method, Inherited = false)]
public sealed class ImplementationAttribute(string id) : Attribute
{
    public string Id { get; } = id;
}

using System;
using System.Reflection;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// Names the implementation a [Benchmark] method measures, using an id of <see cref="ImplementationIds"/>.
/// A method without it is reported under its own name.
/// </summary>
[AttributeUsage(AttributeTargets.Method, Inherited = false)]
public sealed class ImplementationAttribute(string id) : Attribute
{
    public string Id { get; } = id;

    /// <summary>The method's [Implementation] id, or its name when it carries none.</summary>
    public static string IdOf(MethodInfo method)
    {
        ArgumentNullException.ThrowIfNull(method);
        return method.GetCustomAttribute<ImplementationAttribute>()?.Id ?? method.Name;
    }
}

namespace Eddy.Pooling;

/// <summary>
/// A length known when the JIT compiles a generic instantiation: implement it on an empty struct whose
/// <see cref="Length"/> returns a constant, and <c>default(TLength).Length</c> folds to that constant inside
/// <see cref="FixedArrayPool{T, TLength}"/> and its siblings, so no length lookup happens at run time.
/// </summary>
/// <example>
/// <code>
/// public struct L100 : IFixedLength { public readonly int Length => 100; }
/// var pool = new FixedArrayPool&lt;float, L100&gt;();
/// </code>
/// </example>
public interface IFixedLength
{
    /// <summary>The array length, a positive constant.</summary>
    int Length { get; }
}

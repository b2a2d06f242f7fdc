namespace Eddy.Pooling;

/// <summary>The fixed length 128, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L128 : IFixedLength
{
    /// <inheritdoc/>
    public readonly int Length => 128;
}

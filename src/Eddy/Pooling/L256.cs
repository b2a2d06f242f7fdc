namespace Eddy.Pooling;

/// <summary>The fixed length 256, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L256 : IFixedLength
{
    /// <inheritdoc/>
    public readonly int Length => 256;
}

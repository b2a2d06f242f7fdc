namespace Eddy.Pooling;

/// <summary>The fixed length 2048, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L2048 : IFixedLength
{
    /// <inheritdoc/>
    public readonly int Length => 2048;
}

namespace Eddy.Pooling;

/// <summary>The fixed length 8, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L8 : IFixedLength
{
    /// <inheritdoc/>
    public readonly int Length => 8;
}

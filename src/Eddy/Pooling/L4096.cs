namespace Eddy.Pooling;

/// <summary>The fixed length 4096, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L4096 : IFixedLength
{
    /// <inheritdoc/>
    public readonly int Length => 4096;
}

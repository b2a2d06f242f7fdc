namespace Eddy.Pooling;

/// <summary>The fixed length 1024, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L1024 : IFixedLength
{
    /// <inheritdoc/>
    public readonly int Length => 1024;
}

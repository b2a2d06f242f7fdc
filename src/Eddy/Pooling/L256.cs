namespace Eddy.Pooling;

/// <summary>The fixed length 256, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L256 : IFixedLength
{
    readonly int IFixedLength.Length => 256;
}

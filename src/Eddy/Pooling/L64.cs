namespace Eddy.Pooling;

/// <summary>The fixed length 64, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L64 : IFixedLength
{
    readonly int IFixedLength.Length => 64;
}

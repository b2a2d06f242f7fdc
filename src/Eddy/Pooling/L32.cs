namespace Eddy.Pooling;

/// <summary>The fixed length 32, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L32 : IFixedLength
{
    readonly int IFixedLength.Length => 32;
}

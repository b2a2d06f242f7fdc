namespace Eddy.Pooling;

/// <summary>The fixed length 16, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L16 : IFixedLength
{
    readonly int IFixedLength.Length => 16;
}

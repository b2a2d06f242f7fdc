namespace Eddy.Pooling;

/// <summary>The fixed length 8, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L8 : IFixedLength
{
    readonly int IFixedLength.Length => 8;
}

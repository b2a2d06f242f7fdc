namespace Eddy.Pooling;

/// <summary>The fixed length 128, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L128 : IFixedLength
{
    readonly int IFixedLength.Length => 128;
}

namespace Eddy.Pooling;

/// <summary>The fixed length 512, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L512 : IFixedLength
{
    readonly int IFixedLength.Length => 512;
}

namespace Eddy.Pooling;

/// <summary>The fixed length 2048, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L2048 : IFixedLength
{
    readonly int IFixedLength.Length => 2048;
}

namespace Eddy.Pooling;

/// <summary>The fixed length 4096, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L4096 : IFixedLength
{
    readonly int IFixedLength.Length => 4096;
}

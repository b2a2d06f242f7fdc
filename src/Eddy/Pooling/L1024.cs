namespace Eddy.Pooling;

/// <summary>The fixed length 1024, for <see cref="FixedArrayPool{T, TLength}"/> and its siblings.</summary>
public struct L1024 : IFixedLength
{
    readonly int IFixedLength.Length => 1024;
}

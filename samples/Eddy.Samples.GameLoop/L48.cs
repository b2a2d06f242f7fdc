using Eddy.Pooling;

namespace Eddy.Samples.GameLoop;

/// <summary>A custom array length for <see cref="FixedArrayPool{T, TLength}"/>: 48 visible-particle slots.</summary>
internal struct L48 : IFixedLength
{
    public readonly int Length => 48;
}

using System.Diagnostics;

namespace Eddy.Pooling;

/// <summary>A line of a pool's debugger view: how many arrays of one length the pool retains.</summary>
[DebuggerDisplay("{Count} × {Length}")]
internal readonly struct SizeClassCount(long length, long count)
{
    public long Length { get; } = length;

    public long Count { get; } = count;
}

using System;
using System.Buffers;

namespace Eddy.Buffers;

/// <summary>
/// One chunk of a <see cref="SegmentedBuffer{T}"/>: a pooled array, how many of its elements hold data, and
/// (as a <see cref="ReadOnlySequenceSegment{T}"/>) its place in the chain, so that
/// <see cref="SegmentedBuffer{T}.GetReadOnlySequence"/> needs no wrapper objects.
/// </summary>
/// <remarks>
/// <see cref="ReadOnlySequenceSegment{T}.Memory"/> and <see cref="ReadOnlySequenceSegment{T}.Next"/> are
/// only brought up to date when a sequence is built; the buffer itself works from <see cref="Array"/>,
/// <see cref="Count"/> and <see cref="Start"/>.
/// </remarks>
internal sealed class BufferSegment<T> : ReadOnlySequenceSegment<T>
{
    /// <summary>The pooled array; empty while the segment sits in <see cref="BufferSegmentPool{T}"/>.</summary>
    public T[] Array = System.Array.Empty<T>();

    /// <summary>Elements of <see cref="Array"/> that hold data, from index 0.</summary>
    public int Count;

    /// <summary>The position of <c>Array[0]</c> in the buffer's running (never rebased while data remains) index.</summary>
    public long Start
    {
        get => RunningIndex;
        set => RunningIndex = value;
    }

    /// <summary>Publishes <see cref="Array"/>[0..<see cref="Count"/>) and the link to the next segment for a sequence.</summary>
    public void Publish(BufferSegment<T>? next)
    {
        Memory = new ReadOnlyMemory<T>(Array, 0, Count);
        Next = next;
    }

    /// <summary>Forgets the array and links, ready to be pooled.</summary>
    public void Clear()
    {
        Array = System.Array.Empty<T>();
        Count = 0;
        Memory = default;
        Next = null;
        RunningIndex = 0;
    }
}

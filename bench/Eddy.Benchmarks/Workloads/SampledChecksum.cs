using System;
using System.Buffers;

namespace Eddy.Benchmarks.Workloads;

/// <summary>
/// A checksum of content that arrives in pieces of any size: the bytes counted plus the byte at every multiple of
/// the sampling interval. Equal for every correct writer or stream whatever its segment boundaries, and cheap
/// enough that walking the content costs little next to writing it.
/// </summary>
public struct SampledChecksum(int interval)
{
    private long _position;

    /// <summary>The checksum of everything added so far.</summary>
    public long Result { get; private set; }

    /// <summary>Adds the next piece of the content.</summary>
    public void Add(ReadOnlySpan<byte> piece)
    {
        long first = (_position + interval - 1) / interval * interval;
        long end = _position + piece.Length;
        long result = Result + piece.Length;
        for (long at = first; at < end; at += interval)
        {
            result += piece[(int)(at - _position)];
        }

        _position = end;
        Result = result;
    }

    /// <summary>Adds every segment of <paramref name="content"/> in order.</summary>
    public void Add(ReadOnlySequence<byte> content)
    {
        foreach (ReadOnlyMemory<byte> segment in content)
        {
            Add(segment.Span);
        }
    }
}

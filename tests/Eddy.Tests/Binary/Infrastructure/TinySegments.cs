using System;
using System.Buffers;

namespace Eddy.Tests.Binary.Infrastructure;

/// <summary>Builds a <see cref="ReadOnlySequence{T}"/> from tiny segments (and some empty ones), so reads straddle boundaries.</summary>
internal static class TinySegments
{
    public static ReadOnlySequence<byte> Split(ReadOnlySpan<byte> bytes, int seed = 1, int maxSegment = 7)
    {
        var random = new Random(seed);
        byte[] filler = new byte[random.Next(0, 2)]; // sometimes an empty first segment
        filler.AsSpan().Fill(0xEE);
        Segment first = new(filler, 0);
        Segment last = first;
        int firstLength = first.Memory.Length;
        int offset = 0;
        while (offset < bytes.Length)
        {
            int length = Math.Min(random.Next(0, maxSegment + 1), bytes.Length - offset);
            last = last.Append(bytes.Slice(offset, length).ToArray());
            offset += length;
        }

        // The filler byte of a non-empty first segment is sliced off, so the sequence starts mid-segment.
        return new ReadOnlySequence<byte>(first, firstLength, last, last.Memory.Length);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(byte[] bytes, long runningIndex)
        {
            Memory = bytes;
            RunningIndex = runningIndex;
        }

        public Segment Append(byte[] bytes)
        {
            var next = new Segment(bytes, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}

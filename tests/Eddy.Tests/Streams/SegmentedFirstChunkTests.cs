using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using Eddy.Buffers;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Streams;

/// <summary>
/// A <see cref="PooledMemoryStreamMode.Segmented"/> stream keeps its first chunk as a plain array until the stream
/// outgrows it: one rent and no side objects for a small stream, the array adopted without a copy as the first
/// chunk, and the same chunks afterwards as a segmented buffer would rent.
/// </summary>
public class SegmentedFirstChunkTests
{
    private const int ChunkLength = 1024;

    private static byte[] Pattern(int length, int seed) => Enumerable.Range(0, length).Select(i => (byte)(i * 7 + seed)).ToArray();

    private static PooledMemoryStream NewStream(ArrayPool<byte> pool, int chunkLength = ChunkLength) =>
        new(new PooledMemoryStreamOptions { Pool = pool, Mode = PooledMemoryStreamMode.Segmented, ChunkLength = chunkLength });

    [Fact]
    public void A_small_segmented_stream_is_one_first_chunk_array_with_no_guard()
    {
        var pool = new TrackingArrayPool<byte>();
        using (PooledMemoryStream stream = NewStream(pool))
        {
            byte[] data = Pattern(100, 1);
            stream.Write(data);

            Assert.True(stream.IsContiguous);
            Assert.False(stream.IsRescueArmed);
            Assert.True(stream.TryGetBuffer(out ArraySegment<byte> buffer));
            Assert.Equal(data, buffer.ToArray());
            Assert.Equal(ChunkLength, buffer.Array!.Length);
            Assert.Equal([ChunkLength], pool.RequestedLengths);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Filling_the_first_chunk_exactly_keeps_it_one_array()
    {
        var pool = new TrackingArrayPool<byte>();
        using PooledMemoryStream stream = NewStream(pool);
        stream.Write(Pattern(ChunkLength - 1, 2));
        stream.WriteByte(9);

        Assert.True(stream.IsContiguous);
        Assert.Equal(1, pool.RentCount);
    }

    [Fact]
    public void Outgrowing_the_first_chunk_adopts_the_array_without_a_copy()
    {
        var pool = new TrackingArrayPool<byte>();
        byte[] data = Pattern(3 * ChunkLength + 17, 3);
        using (PooledMemoryStream stream = NewStream(pool))
        {
            stream.Write(data, 0, 600);
            Assert.True(stream.TryGetBuffer(out ArraySegment<byte> first));

            stream.Write(data, 600, data.Length - 600);

            Assert.False(stream.IsContiguous);
            Assert.True(stream.IsRescueArmed);
            Assert.False(stream.TryGetBuffer(out _));
            ReadOnlySequence<byte> content = stream.GetReadOnlySequence();
            Assert.True(MemoryMarshal.TryGetArray(content.First, out ArraySegment<byte> head));
            Assert.Same(first.Array, head.Array);
            Assert.Equal(data, content.ToArray());
            Assert.Equal(pool.RentCount, pool.Outstanding);
        }

        pool.AssertAllReturned();
    }

    [Theory]
    [InlineData(1, 10_000)]
    [InlineData(100, 50_000)]
    [InlineData(1000, 200_000)]
    [InlineData(5000, 200_000)]
    [InlineData(70_000, 1_000_000)]
    public void The_chunks_are_those_a_segmented_buffer_rents_for_the_same_writes(int piece, int total)
    {
        byte[] data = Pattern(total, 4);
        var streamPool = new TrackingArrayPool<byte>();
        var bufferPool = new TrackingArrayPool<byte>();
        using PooledMemoryStream stream = NewStream(streamPool);
        using var buffer = new SegmentedBuffer<byte>(bufferPool, ChunkLength);
        for (int offset = 0; offset < total; offset += piece)
        {
            int count = Math.Min(piece, total - offset);
            stream.Write(data, offset, count);
            buffer.Write(data.AsSpan(offset, count));
        }

        Assert.Equal(ChunkLengths(buffer.GetReadOnlySequence()), ChunkLengths(stream.GetReadOnlySequence()));
        Assert.Equal(bufferPool.RequestedLengths, streamPool.RequestedLengths);
        Assert.Equal(data, stream.ToArray());
    }

    [Fact]
    public void A_first_write_longer_than_the_first_chunk_goes_straight_to_chunks()
    {
        var pool = new TrackingArrayPool<byte>();
        using PooledMemoryStream stream = NewStream(pool);
        byte[] data = Pattern(ChunkLength + 1, 5);
        stream.Write(data);

        Assert.False(stream.IsContiguous);
        Assert.True(stream.IsRescueArmed);
        Assert.All(pool.RequestedLengths, length => Assert.True(length <= 2 * ChunkLength, $"a rent of {length} bytes"));
        Assert.Equal(data, stream.ToArray());
    }

    [Fact]
    public void GetSpan_SetLength_and_EnsureCapacity_on_an_empty_stream_take_the_first_chunk_array()
    {
        var pool = new TrackingArrayPool<byte>();
        using PooledMemoryStream spanStream = NewStream(pool);
        Span<byte> span = spanStream.GetSpan(10);
        Assert.Equal(ChunkLength, span.Length);
        span[0] = 42;
        spanStream.Advance(1);
        Assert.True(spanStream.IsContiguous);
        Assert.Equal([42], spanStream.ToArray());

        using PooledMemoryStream lengthStream = NewStream(pool);
        lengthStream.SetLength(ChunkLength);
        Assert.True(lengthStream.IsContiguous);
        Assert.Equal(new byte[ChunkLength], lengthStream.ToArray());

        using PooledMemoryStream capacityStream = NewStream(pool);
        capacityStream.EnsureCapacity(ChunkLength + 1);
        Assert.False(capacityStream.IsContiguous);
        Assert.Equal(0, capacityStream.Length);
    }

    [Fact]
    public void Reset_starts_the_next_use_with_a_first_chunk_array_again()
    {
        var pool = new TrackingArrayPool<byte>();
        using (PooledMemoryStream stream = NewStream(pool))
        {
            stream.Write(Pattern(10 * ChunkLength, 6));
            Assert.False(stream.IsContiguous);

            stream.Reset();
            Assert.True(stream.IsContiguous);
            Assert.Equal(0, pool.Outstanding);

            stream.Write(Pattern(10, 7));
            Assert.True(stream.IsContiguous);
            Assert.False(stream.IsRescueArmed);
            Assert.Equal(Pattern(10, 7), stream.ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void A_pooled_segmented_stream_starts_each_rent_with_a_first_chunk_array()
    {
        var options = new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented };
        var pool = new PooledMemoryStreamPool(options);
        for (int use = 0; use < 3; use++)
        {
            using PooledMemoryStream stream = pool.Rent();
            stream.Write(Pattern(100, use));
            Assert.True(stream.IsContiguous);
            stream.Write(Pattern(2 * SegmentedBuffer<byte>.DefaultInitialChunkBytes, use));
            Assert.False(stream.IsContiguous);
        }
    }

    [Fact]
    public void A_failed_first_rent_leaves_the_stream_empty_and_usable()
    {
        var pool = new TrackingArrayPool<byte> { FailAfterRents = 0 };
        using PooledMemoryStream stream = NewStream(pool);
        Assert.Throws<InsufficientMemoryException>(() => stream.Write(Pattern(10, 8)));
        Assert.Equal(0, stream.Length);
        Assert.Equal(0, stream.Position);
        Assert.True(stream.IsContiguous);

        pool.FailAfterRents = -1;
        stream.Write(Pattern(10, 8));
        Assert.Equal(Pattern(10, 8), stream.ToArray());
    }

    [Fact]
    public void A_failed_adoption_keeps_the_first_chunk_and_its_bytes()
    {
        var pool = new TrackingArrayPool<byte>();
        using (PooledMemoryStream stream = NewStream(pool))
        {
            byte[] data = Pattern(ChunkLength, 9);
            stream.Write(data);
            pool.FailAfterRents = pool.RentCount;

            Assert.Throws<InsufficientMemoryException>(() => stream.Write(Pattern(10, 10)));

            Assert.Equal(ChunkLength, stream.Length);
            Assert.Equal(data, stream.ToArray());
            pool.FailAfterRents = -1;
            stream.Write(Pattern(10, 10));
            Assert.Equal([.. data, .. Pattern(10, 10)], stream.ToArray());
        }

        pool.AssertAllReturned();
    }

    private static List<int> ChunkLengths(ReadOnlySequence<byte> sequence)
    {
        var lengths = new List<int>();
        foreach (ReadOnlyMemory<byte> memory in sequence)
        {
            Assert.True(MemoryMarshal.TryGetArray(memory, out ArraySegment<byte> segment));
            lengths.Add(segment.Array!.Length);
        }

        return lengths;
    }
}

using System;
using System.Buffers;
using System.IO;
using System.Linq;
using Eddy.Pooling;
using Eddy.Tests.Streams.Infrastructure;

namespace Eddy.Tests.Streams;

/// <summary>
/// The segmented stream at its edges: chunk growth capped by the pool's largest block, gathering the chunks
/// into one array with clear-on-return, and a write past the end whose gap cannot be rented.
/// </summary>
public class SegmentedEdgeTests
{
    private static byte[] Pattern(int length, int seed) => Enumerable.Range(0, length).Select(i => (byte)(i * 31 + seed)).ToArray();

    [Fact]
    public void Chunks_never_outgrow_the_largest_block_a_BlockPool_keeps()
    {
        var pool = new BlockPool();
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool, Mode = PooledMemoryStreamMode.Segmented });
        byte[] piece = Pattern(256 << 10, 1);
        for (int i = 0; i < 64; i++)
        {
            stream.Write(piece);
        }

        // The default cap on chunk growth is larger than the pool's largest block; the pool's wins.
        Assert.True(PooledMemoryStreamOptions.DefaultMaximumChunkLength > pool.MaximumBlockLength);
        ReadOnlySequence<byte> content = stream.GetReadOnlySequence();
        Assert.Equal(64L * piece.Length, content.Length);
        int chunks = 0;
        foreach (ReadOnlyMemory<byte> memory in content)
        {
            chunks++;
            Assert.True(memory.Length <= pool.MaximumBlockLength, $"a chunk of {memory.Length} bytes from a pool whose blocks stop at {pool.MaximumBlockLength}");
        }

        Assert.True(chunks >= 16, $"16 MiB in {chunks} chunks");
    }

    [Theory]
    [InlineData(PooledMemoryStreamMode.Segmented)]
    [InlineData(PooledMemoryStreamMode.Auto)]
    public void A_write_past_the_end_whose_gap_cannot_be_rented_throws_and_leaves_the_stream_as_it_was(PooledMemoryStreamMode mode)
    {
        var pool = new StreamTestPool();
        byte[] content = Pattern(700, 5);
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool, Mode = mode, SegmentThreshold = 1_024, ChunkLength = 256, MaximumChunkLength = 256 });
        stream.Write(content);
        stream.Write(Pattern(1_000, 6));
        stream.SetLength(700);
        stream.Position = 5_000;
        pool.FailOnRent = pool.RentCount + 1;

        Assert.Throws<OutOfMemoryException>(() => stream.Write(Pattern(100, 7)));

        pool.FailOnRent = 0;
        Assert.Equal(700, stream.Length);
        Assert.Equal(content, stream.ToArray());
        stream.Position = 700;
        Assert.Equal(-1, stream.ReadByte());
    }

    [Fact]
    public void GetSpan_and_Advance_work_between_small_appends_through_the_write_window()
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented, ChunkLength = 1024 });
        var expected = new MemoryStream();
        byte[] head = Pattern(3000, 12);
        stream.Write(head);
        expected.Write(head);
        for (int i = 0; i < 300; i++)
        {
            // The small writes leave the write window open; GetSpan must hand out a span Advance accepts.
            stream.WriteByte((byte)i);
            expected.WriteByte((byte)i);
            Span<byte> span = stream.GetSpan(3);
            span[0] = (byte)(i + 1);
            span[1] = (byte)(i + 2);
            stream.Advance(2);
            expected.Write(new[] { (byte)(i + 1), (byte)(i + 2) });
        }

        Assert.Equal(expected.Length, stream.Position);
        Assert.Equal(expected.ToArray(), stream.ToArray());
    }

    [Fact]
    public void GetSpan_and_Advance_at_the_end_of_chunks_fill_each_chunk_and_refuse_a_span_a_write_has_moved_past()
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented, ChunkLength = 1024 });
        byte[] data = Pattern(10_000, 3);
        for (int written = 0; written < data.Length; written += 100)
        {
            Span<byte> span = stream.GetSpan(100);
            Assert.True(span.Length >= 100);
            data.AsSpan(written, 100).CopyTo(span);
            stream.Advance(100);
        }

        Assert.Equal(data, stream.ToArray());
        Assert.Equal(data.Length, stream.Position);
        int chunks = 0;
        long inChunks = 0;
        foreach (ReadOnlyMemory<byte> chunk in stream.GetReadOnlySequence())
        {
            chunks++;
            inChunks += chunk.Length;
        }

        Assert.Equal(data.Length, inChunks);
        Assert.True(chunks <= 10, $"{chunks} chunks: each GetSpan should continue the last chunk, not open one");

        // A span handed out, then a write moves Position past it: its Advance is refused and changes nothing.
        stream.GetSpan(10);
        stream.Write(data, 0, 5);
        Assert.Throws<InvalidOperationException>(() => stream.Advance(1));
        Assert.Equal(data.Length + 5, stream.Length);
    }
}

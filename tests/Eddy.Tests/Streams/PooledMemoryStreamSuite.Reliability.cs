using System;
using System.Buffers;
using System.IO;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Tests.Reliability;
using Eddy.Tests.Streams.Infrastructure;

namespace Eddy.Tests.Streams;

// Failure paths and the IBufferWriter contract: every configuration must behave the same.
public abstract partial class PooledMemoryStreamSuite
{
    /// <summary>Asserts Length, ToArray, Read and GetReadOnlySequence describe the same bytes.</summary>
    protected static void AssertConsistent(PooledMemoryStream stream) => StreamAssert.Consistent(stream, "after the failure");

    private static PooledMemoryStreamOptions WithOptions(PooledMemoryStreamOptions o, bool? clearOnReturn = null, long? maximumGapLength = null) => new()
    {
        Mode = o.Mode,
        SegmentThreshold = o.SegmentThreshold,
        Pool = o.Pool,
        InitialCapacity = o.InitialCapacity,
        ChunkLength = o.ChunkLength,
        MaximumChunkLength = o.MaximumChunkLength,
        ClearOnReturn = clearOnReturn ?? o.ClearOnReturn,
        MaximumGapLength = maximumGapLength ?? o.MaximumGapLength,
    };

    [Fact]
    public void A_source_that_throws_part_way_through_ReadFrom_leaves_a_consistent_stream()
    {
        var pool = new StreamTestPool();
        using (PooledMemoryStream stream = CreateStream(pool))
        {
            Assert.Throws<IOException>(() => stream.ReadFrom(new FaultySource(Pattern(100_000), 100_000)));
            AssertConsistent(stream);
            long length = stream.Length;
            stream.Position = length;
            stream.WriteByte(1);
            Assert.Equal(length + 1, stream.Length);
            AssertConsistent(stream);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public async Task A_cancelled_ReadFromAsync_leaves_a_consistent_stream()
    {
        var pool = new StreamTestPool();
        using (PooledMemoryStream stream = CreateStream(pool))
        {
            using var cts = new CancellationTokenSource();
            var source = new FaultySource(Pattern(100_000), 50_000) { Cancel = cts };
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await stream.ReadFromAsync(source, cts.Token));
            AssertConsistent(stream);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void A_pool_that_throws_during_Write_or_SetLength_leaves_the_stream_unchanged()
    {
        for (int fail = 1; fail <= 12; fail++)
        {
            var pool = new StreamTestPool();
            using (PooledMemoryStream stream = CreateStream(pool))
            {
                stream.Write(Pattern(100));
                pool.FailOnRent = pool.RentCount + fail;
                byte[] before = stream.ToArray();
                try
                {
                    stream.Write(Pattern(70_000, 2));
                }
                catch (OutOfMemoryException)
                {
                    Assert.Equal(before, stream.ToArray());
                    Assert.Equal(100, stream.Position);
                }

                AssertConsistent(stream);
                pool.FailOnRent = pool.RentCount + fail;
                before = stream.ToArray();
                try
                {
                    stream.SetLength(stream.Length + 90_000);
                }
                catch (OutOfMemoryException)
                {
                    Assert.Equal(before, stream.ToArray());
                }

                AssertConsistent(stream);
            }

            pool.AssertAllReturned();
        }
    }

    [Fact]
    public void Writing_the_streams_own_bytes_back_into_it_copies_them_intact()
    {
        var pool = new StreamTestPool { ScribbleOnReturn = true };
        using (PooledMemoryStream stream = CreateStream(pool))
        {
            byte[] data = Pattern(300);
            stream.Write(data);
            if (stream.TryGetBuffer(out ArraySegment<byte> own))
            {
                stream.Write(own);
            }
            else
            {
                stream.Write(data);
            }

            stream.Position = 0;
            stream.CopyTo(stream);
            foreach (ReadOnlyMemory<byte> memory in stream.GetReadOnlySequence())
            {
                stream.Write(memory.Span);
            }

            byte[] twice = [.. data, .. data];
            byte[] expected = [.. twice, .. twice, .. twice, .. twice];
            Assert.Equal(expected, stream.ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void ClearOnReturn_also_clears_the_scratch_arrays_of_GetSpan_and_ReadFrom()
    {
        var pool = new StreamTestPool { Returned = [] };
        PooledMemoryStreamOptions options = WithOptions(CreateOptions(pool), clearOnReturn: true);
        using (var stream = new PooledMemoryStream(options))
        {
            stream.Write(Pattern(40_000));
            stream.Position = 10;
            Span<byte> span = stream.GetSpan(16);
            Encoding.ASCII.GetBytes("password=hunter2", span);
            stream.Advance(16);
            stream.Position = 20;
            stream.ReadFrom(new MemoryStream(Encoding.ASCII.GetBytes("password=hunter2")));
        }

        byte[] secret = Encoding.ASCII.GetBytes("password=hunter2");
        Assert.All(pool.Returned, r => Assert.True(r.Array.AsSpan().IndexOf(secret) < 0, $"an array of {r.Array.Length} bytes went back holding the secret"));
        pool.AssertAllReturned();
    }

    [Fact]
    public void A_far_position_or_length_fails_before_changing_anything()
    {
        if (HasMemoryStreamLimits)
        {
            return;
        }

        var pool = new StreamTestPool();
        using (PooledMemoryStream stream = CreateStream(pool))
        {
            stream.Write(Pattern(10));
            stream.Position = long.MaxValue;
            Assert.Throws<IOException>(() => stream.Write(ReadOnlySpan<byte>.Empty));
            stream.Position = 1L << 40;
            Assert.Throws<IOException>(() => stream.WriteByte(1));
            Assert.Throws<IOException>(() => stream.GetSpan(1));
            Assert.Throws<IOException>(() => stream.ReadFrom(new MemoryStream(new byte[5])));
            Assert.Throws<ArgumentOutOfRangeException>("value", () => stream.SetLength(long.MaxValue));
            Assert.Equal(10, stream.Length);
            Assert.Equal(1L << 40, stream.Position);
            Assert.Equal(Pattern(10), stream.ToArray());
            AssertConsistent(stream);
            Assert.True(pool.OutstandingBytes < 1 << 20);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void A_gap_within_MaximumGapLength_reads_as_zeros_and_one_past_it_is_refused()
    {
        var pool = new StreamTestPool();
        PooledMemoryStreamOptions options = WithOptions(CreateOptions(pool), maximumGapLength: 5_000);
        using (var stream = new PooledMemoryStream(options))
        {
            stream.Write(Pattern(10));
            stream.Position = 5_010;
            stream.WriteByte(7);
            Assert.Equal(5_011, stream.Length);
            Assert.True(stream.ToArray().AsSpan(10, 5_000).IndexOfAnyExcept((byte)0) < 0);
            stream.Position = 10_012;
            Assert.Throws<IOException>(() => stream.WriteByte(1));
            Assert.Throws<IOException>(() => stream.ReadFrom(new MemoryStream(Pattern(3))));
            Assert.Throws<IOException>(() => stream.ReadFromAsync(new MemoryStream(Pattern(3))).AsTask().GetAwaiter().GetResult());
            Assert.Equal(5_011, stream.Length);
            Assert.Throws<ArgumentOutOfRangeException>("value", () => stream.SetLength(10_012));
            stream.SetLength(10_011);
            Assert.Equal(10_011, stream.Length);
            AssertConsistent(stream);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void MaximumGapLength_must_not_be_negative()
    {
        Assert.Throws<ArgumentOutOfRangeException>("value", () => new PooledMemoryStreamOptions { MaximumGapLength = -1 });
        Assert.Equal(PooledMemoryStreamOptions.DefaultMaximumGapLength, new PooledMemoryStreamOptions().MaximumGapLength);
    }

    [Fact]
    public void Advance_without_GetSpan_throws_and_commits_nothing()
    {
        var pool = new StreamTestPool();
        using (PooledMemoryStream dirty = CreateStream(pool))
        {
            dirty.Write(Encoding.ASCII.GetBytes("password=hunter2;password=hunter2;"));
        }

        using (PooledMemoryStream stream = CreateStream(pool))
        {
            Assert.Throws<InvalidOperationException>(() => stream.Advance(16));
            stream.WriteByte(1);
            Assert.Throws<InvalidOperationException>(() => stream.Advance(1));
            stream.GetSpan(4)[0] = 2;
            stream.Advance(1);
            Assert.Throws<InvalidOperationException>(() => stream.Advance(1));
            Assert.Equal(new byte[] { 1, 2 }, stream.ToArray());
            stream.Advance(0);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Advance_past_the_span_handed_out_throws_and_commits_nothing_then_the_span_still_commits()
    {
        var pool = new StreamTestPool();
        using (PooledMemoryStream stream = CreateStream(pool))
        {
            // At the end of a new stream, at the end after content, and inside the content (a scratch span).
            foreach (long position in new long[] { 0, 5, 2 })
            {
                stream.Position = position;
                if (position > stream.Length)
                {
                    stream.SetLength(position);
                }

                long length = stream.Length;
                Span<byte> span = stream.GetSpan(3);
                span.Fill((byte)'q');
                int handedOut = span.Length;
                Assert.Throws<InvalidOperationException>(() => stream.Advance(handedOut + 1));
                Assert.Equal(position, stream.Position);
                Assert.Equal(length, stream.Length);
                stream.Advance(handedOut);
                Assert.Equal(position + handedOut, stream.Position);
                Assert.Equal(Math.Max(length, position + handedOut), stream.Length);
                Assert.All(stream.ToArray().AsSpan((int)position, handedOut).ToArray(), b => Assert.Equal((byte)'q', b));
                stream.SetLength(5);
            }
        }

        pool.AssertAllReturned();
    }

    [Theory]
    [InlineData(4)]
    [InlineData(10_000)]
    public void An_empty_write_at_the_end_leaves_the_span_handed_out_there_outstanding(int contentLength)
    {
        // 10,000 bytes take the segmented modes past their first chunk, where the empty write leaves the fast path.
        byte[] content = new byte[contentLength];
        content.AsSpan().Fill((byte)'A');
        using PooledMemoryStream stream = CreateStream();
        stream.Write(content);
        Span<byte> span = stream.GetSpan(2);
        span[0] = (byte)'y';
        span[1] = (byte)'z';
        stream.Write(ReadOnlySpan<byte>.Empty);
        stream.Write(Array.Empty<byte>(), 0, 0);
        Assert.Equal(contentLength, stream.Length);
        stream.Advance(2);
        Assert.Equal([.. content, (byte)'y', (byte)'z'], stream.ToArray());
        Assert.Equal(contentLength + 2, stream.Position);
    }

    [Fact]
    public void Bytes_written_past_the_Advance_count_never_overwrite_content()
    {
        using PooledMemoryStream stream = CreateStream();
        stream.Write("AAAAAAAAAA"u8);
        stream.Position = 2;
        stream.GetSpan(8).Slice(0, 8).Fill((byte)'x');
        stream.Advance(1);
        Assert.Equal("AAxAAAAAAA"u8.ToArray(), stream.ToArray());
        Assert.Equal(3, stream.Position);
    }

    [Fact]
    public void Advance_after_the_position_moved_since_GetSpan_throws()
    {
        using PooledMemoryStream stream = CreateStream();
        stream.Write("AAAAAAAAAA"u8);
        stream.GetSpan(4).Fill((byte)'x');
        stream.Position = 3;
        Assert.Throws<InvalidOperationException>(() => stream.Advance(2));

        stream.Position = 10;
        stream.GetSpan(4).Fill((byte)'y');
        stream.Seek(0, SeekOrigin.Begin);
        stream.Seek(10, SeekOrigin.Begin);
        Assert.Throws<InvalidOperationException>(() => stream.Advance(2));

        stream.Position = 2;
        stream.GetSpan(4).Fill((byte)'z');
        Assert.Equal(1, stream.Read(new byte[1]));
        Assert.Throws<InvalidOperationException>(() => stream.Advance(2));

        stream.Position = 10;
        stream.GetSpan(4).Fill((byte)'w');
        stream.WriteByte((byte)'B');
        Assert.Throws<InvalidOperationException>(() => stream.Advance(2));

        Assert.Equal("AAAAAAAAAAB"u8.ToArray(), stream.ToArray());
    }

    [Fact]
    public void A_content_view_between_GetSpan_and_Advance_ends_the_span_in_every_mode()
    {
        var views = new Action<PooledMemoryStream>[]
        {
            stream => stream.TryGetBuffer(out _),
            stream => stream.GetReadOnlySequence(),
            stream => stream.ToArray(),
            stream => stream.SetLength(stream.Length),
            ReadOneByte,
            stream => stream.Write("B"u8),
        };

        // Each view on a fresh stream as well as one after another, since a view may leave the stream on another
        // path (a side object created, a window committed) that the next view then takes. A span in the middle is
        // a scratch array; one at the end is the stream's own memory (the Read view needs a byte to read).
        for (int i = 0; i < views.Length; i++)
        {
            foreach (bool atEnd in new[] { false, true })
            {
                if (atEnd && views[i] == ReadOneByte)
                {
                    continue;
                }

                using PooledMemoryStream fresh = CreateStream();
                fresh.Write("AAAA"u8);
                fresh.Position = atEnd ? 4 : 0;
                fresh.GetSpan(2).Slice(0, 2).Fill((byte)'x');
                views[i](fresh);
                Assert.Throws<InvalidOperationException>(() => fresh.Advance(2));
            }
        }

        using PooledMemoryStream stream = CreateStream();
        stream.Write("AAAA"u8);
        stream.Position = 0;
        foreach (Action<PooledMemoryStream> view in views)
        {
            stream.GetSpan(2).Slice(0, 2).Fill((byte)'x');
            view(stream);
            Assert.Throws<InvalidOperationException>(() => stream.Advance(2));
        }

        // Length, Position and the CanX getters do not end it, nor do reads and writes of zero bytes.
        stream.Position = stream.Length;
        stream.GetSpan(2).Slice(0, 2).Fill((byte)'y');
        _ = stream.Length + stream.Position;
        _ = stream.CanWrite;
        stream.Write(ReadOnlySpan<byte>.Empty);
        Assert.Equal(0, stream.Read(new byte[4]));
        Assert.Equal(0, stream.Read(Span<byte>.Empty));
        stream.Advance(2);
        Assert.Equal("ABAAyy"u8.ToArray(), stream.ToArray());
    }

    private static void ReadOneByte(PooledMemoryStream stream) => Assert.Equal(1, stream.Read(new byte[1]));

    [Fact]
    public void A_span_handed_out_at_the_end_is_the_streams_own_memory_and_grows_Length_only_on_Advance()
    {
        using PooledMemoryStream stream = CreateStream();
        stream.Write("AAAA"u8);
        Span<byte> span = stream.GetSpan(3);
        Assert.True(span.Length >= 3);
        span.Slice(0, 3).Fill((byte)'z');
        Assert.Equal(4, stream.Length);
        stream.Advance(3);
        Assert.Equal("AAAAzzz"u8.ToArray(), stream.ToArray());
        Assert.Equal(7, stream.Position);
    }

    [Fact]
    public void GetSpan_at_the_largest_position_throws_IOException_as_WriteByte_does()
    {
        using PooledMemoryStream stream = CreateStream();
        stream.Position = HasMemoryStreamLimits ? int.MaxValue : long.MaxValue;
        Assert.Throws<IOException>(() => stream.WriteByte(1));
        Assert.Throws<IOException>(() => stream.GetSpan(1));
        Assert.Throws<IOException>(() => stream.GetMemory(1));
        Assert.Equal(0, stream.Length);
    }

    [Fact]
    public void A_write_past_the_largest_length_is_too_long_and_one_that_ends_at_it_is_refused_only_for_its_gap()
    {
        const string TooLong = "Stream was too long.";
        using PooledMemoryStream stream = CreateStream();
        long largest = HasMemoryStreamLimits ? int.MaxValue : long.MaxValue;
        stream.Position = largest;
        Assert.Equal(TooLong, Assert.Throws<IOException>(() => stream.Write(new byte[1])).Message);
        Assert.Equal(TooLong, Assert.Throws<IOException>(() => stream.GetSpan(1)).Message);
        if (!HasMemoryStreamLimits)
        {
            // One byte still fits below long.MaxValue: what refuses it is the gap of almost 2^63 zeros.
            stream.Position = largest - 1;
            Assert.NotEqual(TooLong, Assert.Throws<IOException>(() => stream.Write(new byte[1])).Message);
            Assert.NotEqual(TooLong, Assert.Throws<IOException>(() => stream.GetSpan(1)).Message);
        }

        Assert.Equal(0, stream.Length);
    }

    [Fact]
    public void A_source_reporting_more_bytes_than_asked_is_refused_and_nothing_leaks()
    {
        var pool = new StreamTestPool();
        using (PooledMemoryStream stream = CreateStream(pool))
        {
            stream.Write(Pattern(10));
            Assert.Throws<IOException>(() => stream.ReadFrom(new FaultySource([], 0) { OverReports = true }));
            AssertConsistent(stream);
            stream.Position = 0;
            Assert.Throws<IOException>(() => stream.ReadFrom(new FaultySource([], 0) { OverReports = true }));
            AssertConsistent(stream);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void SetLength_minus_one_throws_ArgumentOutOfRangeException()
    {
        using PooledMemoryStream stream = CreateStream();
        Assert.Throws<ArgumentOutOfRangeException>("value", () => stream.SetLength(-1));
    }

    [Fact]
    public void Reading_backwards_and_writing_before_the_write_window_work()
    {
        using PooledMemoryStream stream = CreateStream();
        byte[] data = Pattern(100_000);
        stream.Write(data);
        stream.Position = 90_000;
        Assert.Equal(data[90_000], stream.ReadByte());
        stream.Position = 10;
        Assert.Equal(data[10], stream.ReadByte());

        stream.Position = 100_000;
        stream.WriteByte(1);
        stream.Position = 5;
        stream.WriteByte(2);
        data[5] = 2;
        Assert.Equal([.. data, 1], stream.ToArray());
    }
}

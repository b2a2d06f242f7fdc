using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Eddy.Buffers;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Buffers;

public class SegmentedBufferTests
{
    private static byte[] Pattern(int length, int seed = 0) =>
        Enumerable.Range(seed, length).Select(i => unchecked((byte)(i * 31 + 7))).ToArray();

    private static void WriteInPieces(SegmentedBuffer<byte> buffer, byte[] data, int piece)
    {
        for (int written = 0; written < data.Length;)
        {
            int n = Math.Min(piece, data.Length - written);
            Span<byte> span = buffer.GetSpan(n);
            Assert.True(span.Length >= n);
            data.AsSpan(written, n).CopyTo(span);
            buffer.Advance(n);
            written += n;
        }
    }

    [Fact]
    public void New_buffer_is_empty_and_rents_nothing()
    {
        var pool = new TrackingArrayPool<byte>();
        using var buffer = new SegmentedBuffer<byte>(pool);
        Assert.Equal(0, buffer.Length);
        Assert.Equal(0, buffer.Capacity);
        Assert.True(buffer.GetReadOnlySequence().IsEmpty);
        Assert.Same(Array.Empty<byte>(), buffer.ToArray());
        Assert.Equal(0, pool.RentCount);
    }

    [Fact]
    public void Defaults_are_4KiB_to_1MiB_worth_of_elements()
    {
        using var bytes = new SegmentedBuffer<byte>();
        Assert.Equal(4096, bytes.InitialChunkLength);
        Assert.Equal(1 << 20, bytes.MaximumChunkLength);
        using var longs = new SegmentedBuffer<long>();
        Assert.Equal(512, longs.InitialChunkLength);
        Assert.Equal(1 << 17, longs.MaximumChunkLength);
    }

    [Fact]
    public void Constructor_rejects_bad_lengths()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new SegmentedBuffer<byte>(null, -1));
        Assert.Throws<ArgumentOutOfRangeException>(() => new SegmentedBuffer<byte>(null, 0, -1));
        Assert.Throws<ArgumentOutOfRangeException>(() => new SegmentedBuffer<byte>(null, 100, 50));
        using var small = new SegmentedBuffer<byte>(null, 0, 100);
        Assert.Equal(100, small.InitialChunkLength);
    }

    [Fact]
    public void Chunks_grow_geometrically_up_to_the_cap()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 128))
        {
            for (int i = 0; i < 1000; i++)
            {
                buffer.GetSpan(1)[0] = unchecked((byte)i);
                buffer.Advance(1);
            }

            // Each chunk is a quarter of what is held, rounded down to a power of two: four of a size, then
            // twice that, from the initial length up to the cap.
            int[] expected = Enumerable.Repeat(16, 8).Concat(Enumerable.Repeat(32, 4)).Concat(Enumerable.Repeat(64, 4)).Concat(Enumerable.Repeat(128, 4)).ToArray();
            Assert.Equal(expected, pool.RequestedLengths);
            Assert.Equal(1000, buffer.Length);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void GetSpan_bigger_than_what_is_left_opens_a_fresh_chunk_big_enough()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 64))
        {
            buffer.GetSpan(10).Fill(1);
            buffer.Advance(10);
            Span<byte> big = buffer.GetSpan(1000);
            Assert.True(big.Length >= 1000);
            big.Slice(0, 1000).Fill(2);
            buffer.Advance(1000);
            Assert.Equal(2, buffer.ChunkCount);
            Assert.Equal(1010, buffer.Length);
            byte[] all = buffer.ToArray();
            Assert.All(all.Take(10), b => Assert.Equal(1, b));
            Assert.All(all.Skip(10), b => Assert.Equal(2, b));
            // The skipped tail of the first chunk is not part of the sequence.
            Assert.Equal(all, buffer.GetReadOnlySequence().ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void GetSpan_on_an_empty_chunk_swaps_its_array_instead_of_leaving_an_empty_chunk()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 64))
        {
            buffer.GetSpan(1);
            Assert.True(buffer.GetSpan(500).Length >= 500);
            Assert.Equal(1, buffer.ChunkCount);
            buffer.Advance(500);
            Assert.Equal(500, buffer.Length);
        }

        pool.AssertAllReturned();
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(63)]
    [InlineData(64)]
    [InlineData(65)]
    [InlineData(127)]
    [InlineData(128)]
    [InlineData(129)]
    public void Chunk_boundaries_round_trip(int length)
    {
        var pool = new TrackingArrayPool<byte>();
        byte[] data = Pattern(length);
        using (var buffer = new SegmentedBuffer<byte>(pool, 64, 64))
        {
            buffer.Write(data);
            Assert.Equal(length, buffer.Length);
            Assert.Equal(data, buffer.ToArray());
            Assert.Equal(data, buffer.GetReadOnlySequence().ToArray());
            Assert.Equal((length + 63) / 64, buffer.ChunkCount);
            var copy = new byte[length];
            buffer.CopyTo(copy);
            Assert.Equal(data, copy);

            // A write of exactly the remaining space fills the chunk; the next element opens a new one.
            for (int consume = 0; consume <= length; consume += Math.Max(1, length / 3))
            {
                var tail = new byte[length - consume];
                Assert.Equal(tail.Length, buffer.CopyTo(consume, tail));
                Assert.Equal(data.AsSpan(consume).ToArray(), tail);
            }
        }

        pool.AssertAllReturned();
    }

    [Theory]
    [InlineData(1)]
    [InlineData(63)]
    [InlineData(64)]
    [InlineData(65)]
    public void Consume_at_chunk_boundaries_returns_whole_chunks(int consume)
    {
        var pool = new TrackingArrayPool<byte>();
        byte[] data = Pattern(64 * 4);
        using (var buffer = new SegmentedBuffer<byte>(pool, 64, 64))
        {
            buffer.Write(data);
            buffer.Consume(consume);
            Assert.Equal(data.Length - consume, buffer.Length);
            Assert.Equal(consume / 64, pool.ReturnCount);
            Assert.Equal(data.AsSpan(consume).ToArray(), buffer.ToArray());
            Assert.Equal(data.AsSpan(consume).ToArray(), buffer.GetReadOnlySequence().ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Consume_everything_keeps_one_rewound_chunk()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 16))
        {
            buffer.Write(Pattern(40));
            buffer.Consume(40);
            Assert.Equal(0, buffer.Length);
            Assert.Equal(1, buffer.ChunkCount);
            Assert.Equal(2, pool.ReturnCount);
            buffer.Write(Pattern(16, 3));
            Assert.Equal(Pattern(16, 3), buffer.ToArray());
            Assert.Equal(1, buffer.ChunkCount);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Consume_rejects_negative_and_too_large()
    {
        using var buffer = new SegmentedBuffer<byte>();
        buffer.Write(Pattern(10));
        Assert.Throws<ArgumentOutOfRangeException>(() => buffer.Consume(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => buffer.Consume(11));
        buffer.Consume(0);
        Assert.Equal(10, buffer.Length);
    }

    [Fact]
    public void Consume_spends_the_outstanding_span()
    {
        using var buffer = new SegmentedBuffer<byte>(null, 16, 16);
        buffer.Write(Pattern(10));
        buffer.GetSpan(4);
        buffer.Consume(10);
        // The span pointed past the consumed bytes; committing into the rewound chunk would expose stale data.
        Assert.Throws<InvalidOperationException>(() => buffer.Advance(1));
        Assert.Equal(0, buffer.Length);
    }

    [Fact]
    public void GetReadOnlySequence_allocates_nothing_and_links_the_chunks()
    {
        using var buffer = new SegmentedBuffer<byte>(null, 16, 32);
        byte[] data = Pattern(1000);
        buffer.Write(data);
        buffer.Consume(5);
        buffer.GetReadOnlySequence(); // warm up
        long before = GC.GetAllocatedBytesForCurrentThread();
        ReadOnlySequence<byte> sequence = buffer.GetReadOnlySequence();
        long after = GC.GetAllocatedBytesForCurrentThread();
        Assert.Equal(0, after - before);
        Assert.False(sequence.IsSingleSegment);
        Assert.Equal(995, sequence.Length);
        Assert.Equal(data.AsSpan(5).ToArray(), sequence.ToArray());
        Assert.Equal(data.AsSpan(500, 100).ToArray(), sequence.Slice(495, 100).ToArray());
    }

    [Fact]
    public void GetReadOnlySequence_leaves_out_an_opened_but_unwritten_chunk()
    {
        // A pool that rents exact lengths, so the first chunk is full and GetSpan has to open a second one.
        using var buffer = new SegmentedBuffer<byte>(new TrackingArrayPool<byte>(), 16, 16);
        buffer.Write(Pattern(16));
        buffer.GetSpan(1);
        Assert.Equal(2, buffer.ChunkCount);
        ReadOnlySequence<byte> sequence = buffer.GetReadOnlySequence();
        Assert.True(sequence.IsSingleSegment);
        Assert.Equal(Pattern(16), sequence.ToArray());
    }

    [Fact]
    public void GetSpan_asking_for_exactly_the_free_tail_hands_out_that_tail()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 16))
        {
            buffer.Write(Pattern(10));
            Assert.Equal(6, buffer.GetSpan(6).Length);
            Assert.Equal(6, buffer.GetMemory(6).Length);
            Assert.Equal(1, buffer.ChunkCount);
            Assert.Equal(1, pool.RentCount);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void SequenceReader_reads_values_across_chunk_boundaries()
    {
        // Exact 7-element chunks hold no whole long, so every other value straddles a boundary.
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 7, 7))
        {
            var bytes = new byte[8];
            for (long i = 0; i < 300; i++)
            {
                BitConverter.TryWriteBytes(bytes, i * 1_000_003);
                buffer.Write(bytes);
            }

            Assert.Equal(343, buffer.ChunkCount);
            var reader = new SequenceReader<byte>(buffer.GetReadOnlySequence());
            for (long i = 0; i < 300; i++)
            {
                Assert.True(reader.TryReadLittleEndian(out long value));
                Assert.Equal(i * 1_000_003, value);
            }

            Assert.True(reader.End);

            // Chunks opened by GetSpan(8) (bigger than the 7-element chunks) read back the same.
            buffer.Reset();
            for (long i = 0; i < 300; i++)
            {
                BitConverter.TryWriteBytes(buffer.GetSpan(8), i);
                buffer.Advance(8);
            }

            reader = new SequenceReader<byte>(buffer.GetReadOnlySequence());
            Assert.True(reader.TryAdvanceTo(42, advancePastDelimiter: false));
            Assert.Equal(42 * 8, reader.Consumed);
            Assert.True(reader.TryReadLittleEndian(out long fortyTwo));
            Assert.Equal(42, fortyTwo);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Every_member_throws_ObjectDisposedException_after_Dispose_and_Dispose_is_idempotent()
    {
        var pool = new TrackingArrayPool<byte>();
        var buffer = new SegmentedBuffer<byte>(pool, 16, 16);
        buffer.Write(Pattern(40));
        buffer.Dispose();
        buffer.Dispose();
        pool.AssertAllReturned();
        Assert.Throws<ObjectDisposedException>(() => buffer.GetSpan());
        Assert.Throws<ObjectDisposedException>(() => buffer.GetSpan(100));
        Assert.Throws<ObjectDisposedException>(() => buffer.GetMemory());
        Assert.Throws<ObjectDisposedException>(() => buffer.Advance(0));
        Assert.Throws<ObjectDisposedException>(() => buffer.Advance(1));
        Assert.Throws<ObjectDisposedException>(() => buffer.Length);
        Assert.Throws<ObjectDisposedException>(() => buffer.Capacity);
        Assert.Throws<ObjectDisposedException>(() => buffer.GetReadOnlySequence());
        Assert.Throws<ObjectDisposedException>(() => buffer.ToArray());
        Assert.Throws<ObjectDisposedException>(() => buffer.CopyTo(new byte[100]));
        Assert.Throws<ObjectDisposedException>(() => buffer.CopyTo(0, new byte[100]));
        Assert.Throws<ObjectDisposedException>(() => buffer.Write(new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => buffer.Write(ReadOnlySpan<byte>.Empty));
        Assert.Throws<ObjectDisposedException>(() => buffer.Write(0, new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => buffer.Consume(0));
        Assert.Throws<ObjectDisposedException>(() => buffer.Reset());
        Assert.Throws<ObjectDisposedException>(() => buffer.SetLength(0));
        Assert.Throws<ObjectDisposedException>(() => buffer.EnsureCapacity(10));
        Assert.Throws<ObjectDisposedException>(() => buffer.AdoptFirstChunk(new byte[4], 0));
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void CopyTo_span_throws_when_too_small()
    {
        using var buffer = new SegmentedBuffer<byte>();
        buffer.Write(Pattern(10));
        Assert.Throws<ArgumentException>(() => buffer.CopyTo(new byte[9]));
        var exact = new byte[10];
        buffer.CopyTo(exact);
        Assert.Equal(Pattern(10), exact);
    }

    [Fact]
    public void CopyTo_position_copies_what_is_there_and_nothing_at_or_after_the_end()
    {
        using var buffer = new SegmentedBuffer<byte>(null, 16, 16);
        byte[] data = Pattern(100);
        buffer.Write(data);
        var destination = new byte[30];
        Assert.Equal(30, buffer.CopyTo(10, destination));
        Assert.Equal(data.AsSpan(10, 30).ToArray(), destination);
        Assert.Equal(20, buffer.CopyTo(80, destination));
        Assert.Equal(data.AsSpan(80, 20).ToArray(), destination.AsSpan(0, 20).ToArray());
        Assert.Equal(0, buffer.CopyTo(100, destination));
        Assert.Equal(0, buffer.CopyTo(1000, destination));
        Assert.Throws<ArgumentOutOfRangeException>(() => buffer.CopyTo(-1, destination));
    }

    [Fact]
    public void Write_at_position_overwrites_extends_and_rejects_gaps()
    {
        using var buffer = new SegmentedBuffer<byte>(null, 16, 16);
        var oracle = new List<byte>(Pattern(50));
        buffer.Write(oracle.ToArray());
        byte[] patch = Pattern(30, 99);
        buffer.Write(40, patch);
        oracle.RemoveRange(40, 10);
        oracle.AddRange(patch);
        Assert.Equal(oracle.ToArray(), buffer.ToArray());
        buffer.Write(3, patch.AsSpan(0, 20));
        for (int i = 0; i < 20; i++)
        {
            oracle[3 + i] = patch[i];
        }

        Assert.Equal(oracle.ToArray(), buffer.ToArray());

        // Refused before anything moves: without the check both calls would still fail, later and with the wrong
        // parameter, after reserving chunks for the tail.
        long capacity = buffer.Capacity;
        var beyond = Assert.Throws<ArgumentOutOfRangeException>("position", () => buffer.Write(71, patch));
        Assert.Equal(71L, beyond.ActualValue);
        Assert.StartsWith("The position must be between 0 and the buffer's length.", beyond.Message);
        Assert.Throws<ArgumentOutOfRangeException>("position", () => buffer.Write(-1, patch));
        Assert.Equal(oracle.ToArray(), buffer.ToArray());
        Assert.Equal(capacity, buffer.Capacity);
    }

    [Fact]
    public void SetLength_grows_with_zeros_even_over_stale_pool_data_and_shrinks_returning_chunks()
    {
        var pool = new TrackingArrayPool<byte> { FillWithGarbage = true, Garbage = 0xEE };
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 16))
        {
            buffer.Write(Pattern(10));
            buffer.SetLength(100);
            Assert.Equal(100, buffer.Length);
            byte[] all = buffer.ToArray();
            Assert.Equal(Pattern(10), all.Take(10));
            Assert.All(all.Skip(10), b => Assert.Equal(0, b));
            Assert.Equal(7, buffer.ChunkCount);

            buffer.SetLength(33);
            Assert.Equal(3, buffer.ChunkCount);
            Assert.Equal(4, pool.ReturnCount);
            buffer.Write(Pattern(5, 1));
            Assert.Equal(all.Take(33).Concat(Pattern(5, 1)), buffer.ToArray());

            buffer.SetLength(0);
            Assert.Equal(0, buffer.Length);
            Assert.Equal(1, buffer.ChunkCount);
            buffer.SetLength(3);
            Assert.Equal(new byte[3], buffer.ToArray());
            Assert.Throws<ArgumentOutOfRangeException>(() => buffer.SetLength(-1));
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void EnsureCapacity_rents_spares_that_later_writes_use_without_renting()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 64))
        {
            buffer.EnsureCapacity(1000);
            Assert.True(buffer.Capacity >= 1000);
            int rents = pool.RentCount;
            buffer.Write(Pattern(1000));
            Assert.Equal(rents, pool.RentCount);
            Assert.Equal(Pattern(1000), buffer.ToArray());
            buffer.EnsureCapacity(10);
            Assert.Equal(rents, pool.RentCount);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void EnsureCapacity_rents_no_more_than_it_needs_in_chunks_no_longer_than_the_maximum()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 64))
        {
            Assert.Throws<ArgumentOutOfRangeException>("capacity", () => buffer.EnsureCapacity(-1));
            buffer.EnsureCapacity(0);
            Assert.Equal(0, pool.RentCount);

            // The first chunk is sized by the request, not by the largest chunk length.
            buffer.EnsureCapacity(10);
            Assert.Equal(1, pool.RentCount);
            Assert.InRange(buffer.Capacity, 10, 63);

            buffer.EnsureCapacity(1000);
            Assert.InRange(buffer.Capacity, 1000, 1000 + 63);
            Assert.All(pool.RequestedLengths, length => Assert.InRange(length, 1, 64));

            // Exactly the capacity held: nothing more is rented; one largest chunk more: that chunk alone.
            int rents = pool.RentCount;
            buffer.EnsureCapacity(buffer.Capacity);
            Assert.Equal(rents, pool.RentCount);
            long target = buffer.Capacity + 64;
            buffer.EnsureCapacity(target);
            Assert.Equal(rents + 1, pool.RentCount);
            Assert.Equal(target, buffer.Capacity);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void A_spare_chunk_too_small_for_a_hint_is_swapped_for_a_bigger_one()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 16))
        {
            buffer.EnsureCapacity(64);
            buffer.Write(Pattern(10));
            Assert.True(buffer.GetSpan(200).Length >= 200);
            buffer.Advance(200);
            Assert.Equal(210, buffer.Length);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Reset_keeping_chunks_reuses_them_and_reset_returning_them_returns_all()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 16))
        {
            buffer.Write(Pattern(100));
            int rents = pool.RentCount;
            buffer.Clear();
            Assert.Equal(0, buffer.Length);
            Assert.Equal(rents, buffer.ChunkCount);
            buffer.Write(Pattern(100, 5));
            Assert.Equal(rents, pool.RentCount);
            Assert.Equal(Pattern(100, 5), buffer.ToArray());

            buffer.Reset();
            Assert.Equal(0, buffer.ChunkCount);
            Assert.Equal(pool.RentCount, pool.ReturnCount);
            buffer.Write(Pattern(3));
            Assert.Equal(Pattern(3), buffer.ToArray());
            Assert.Equal(16, pool.RequestedLengths[^1]);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void AdoptFirstChunk_takes_the_array_without_copying_and_grows_from_it()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 1024))
        {
            byte[] adopted = pool.RentExact(1000);
            Pattern(60).CopyTo(adopted, 0);
            buffer.AdoptFirstChunk(adopted, 60);
            Assert.Equal(60, buffer.Length);
            Assert.True(MemoryMarshalTryGetArray(buffer.GetReadOnlySequence().First, out byte[]? array));
            Assert.Same(adopted, array);
            buffer.Write(Pattern(1000, 60));
            Assert.Equal(Pattern(1060), buffer.ToArray());
            // The next chunk is a quarter of what is held (1000), rounded down to a power of two.
            Assert.Equal(128, pool.RequestedLengths[^1]);
            var notEmpty = Assert.Throws<InvalidOperationException>(() => buffer.AdoptFirstChunk(new byte[10], 0));
            Assert.Equal("Only an empty buffer can adopt a first chunk.", notEmpty.Message);
            var tooMany = Assert.Throws<ArgumentOutOfRangeException>("count", () => new SegmentedBuffer<byte>().AdoptFirstChunk(new byte[10], 11));
            Assert.StartsWith("The count must be between 0 and the array's length.", tooMany.Message);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void AdoptFirstChunk_after_reset_with_kept_chunks_returns_the_replaced_array()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 16))
        {
            buffer.Write(Pattern(40));
            buffer.Clear();
            buffer.AdoptFirstChunk(pool.RentExact(7), 7);
            Assert.Equal(7, buffer.Length);
            buffer.Write(Pattern(30));
            Assert.Equal(37, buffer.Length);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Length_goes_past_2GiB()
    {
        var pool = new SingleArrayPool<byte>(1 << 20);
        using (var buffer = new SegmentedBuffer<byte>(pool, 1 << 20, 1 << 20))
        {
            long target = (1L << 31) + 12345;
            while (buffer.Length < target)
            {
                int n = (int)Math.Min(buffer.GetSpan().Length, target - buffer.Length);
                buffer.Advance(n);
            }

            Assert.Equal(target, buffer.Length);
            Assert.Equal(target, buffer.GetReadOnlySequence().Length);
            Assert.Throws<InvalidOperationException>(() => buffer.ToArray());
            Assert.Equal(10, buffer.CopyTo(target - 10, new byte[100]));
            buffer.Consume(1L << 31);
            Assert.Equal(12345, buffer.Length);
            buffer.SetLength(3L << 30);
            Assert.Equal(3L << 30, buffer.Length);
            buffer.SetLength(100);
            Assert.Equal(100, buffer.Length);
        }

        Assert.Equal(pool.Rents, pool.Returns);
    }

    [Fact]
    public void Random_access_at_increasing_positions_uses_the_cursor()
    {
        using var buffer = new SegmentedBuffer<byte>(null, 16, 16);
        byte[] data = Pattern(16 * 200);
        buffer.Write(data);
        var piece = new byte[5];
        for (int position = 0; position < data.Length; position += 5)
        {
            int n = buffer.CopyTo(position, piece);
            Assert.Equal(data.AsSpan(position, n).ToArray(), piece.AsSpan(0, n).ToArray());
        }

        for (int position = data.Length - 5; position >= 0; position -= 37)
        {
            buffer.Write(position, new byte[] { 1, 2, 3, 4, 5 });
            data.AsSpan(position, 5).Clear();
            new byte[] { 1, 2, 3, 4, 5 }.CopyTo(data, position);
        }

        Assert.Equal(data, buffer.ToArray());
    }

    private static bool MemoryMarshalTryGetArray(ReadOnlyMemory<byte> memory, out byte[]? array)
    {
        bool ok = System.Runtime.InteropServices.MemoryMarshal.TryGetArray(memory, out ArraySegment<byte> segment);
        array = segment.Array;
        return ok;
    }
}

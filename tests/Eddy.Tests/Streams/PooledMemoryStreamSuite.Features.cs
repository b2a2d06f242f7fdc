using System;
using System.Buffers;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Tests.Infrastructure;
using Eddy.Tests.Streams.Infrastructure;

namespace Eddy.Tests.Streams;

// The members MemoryStream does not have, and the pooling guarantees.
public abstract partial class PooledMemoryStreamSuite
{
    [Fact]
    public void Nothing_is_rented_before_the_first_write()
    {
        var pool = new StreamTestPool();
        using PooledMemoryStream stream = CreateStream(pool);
        _ = stream.Length;
        stream.Position = 100;
        stream.Seek(5, SeekOrigin.End);
        Assert.Equal(0, stream.Read(new byte[10]));
        Assert.Equal(-1, stream.ReadByte());
        stream.CopyTo(new MemoryStream());
        Assert.Empty(stream.ToArray());
        Assert.True(stream.GetReadOnlySequence().IsEmpty);
        Assert.Equal(0, pool.RentCount);

        stream.WriteByte(1);
        Assert.True(pool.RentCount > 0);
    }

    [Fact]
    public void Writing_past_the_end_fills_the_gap_with_zeros_even_over_stale_pooled_bytes()
    {
        var pool = new StreamTestPool();
        using (PooledMemoryStream dirty = CreateStream(pool))
        {
            // Leave stale non-zero bytes in the pool's arrays.
            dirty.Write(Pattern(20_000));
        }

        using PooledMemoryStream stream = CreateStream(pool);
        stream.Write(Pattern(10));
        stream.Position = 5_000;
        stream.WriteByte(7);
        stream.Position = 9_000;
        stream.Write(new byte[] { 1, 2, 3 });
        stream.SetLength(15_000);

        byte[] content = stream.ToArray();
        Assert.Equal(15_000, content.Length);
        Assert.True(content.AsSpan(10, 4_990).IndexOfAnyExcept((byte)0) < 0);
        Assert.Equal(7, content[5_000]);
        Assert.True(content.AsSpan(5_001, 3_999).IndexOfAnyExcept((byte)0) < 0);
        Assert.Equal(new byte[] { 1, 2, 3 }, content.AsSpan(9_000, 3).ToArray());
        Assert.True(content.AsSpan(9_003).IndexOfAnyExcept((byte)0) < 0);
    }

    [Fact]
    public void SetLength_shrinking_gives_memory_back_to_the_pool_when_segmented()
    {
        var pool = new StreamTestPool();
        using PooledMemoryStream stream = CreateStream(pool);
        stream.Write(Pattern(200_000));
        long before = pool.OutstandingBytes;
        stream.SetLength(10);
        if (stream.IsContiguous)
        {
            Assert.Equal(before, pool.OutstandingBytes);
        }
        else
        {
            Assert.True(pool.OutstandingBytes < before / 2, $"{pool.OutstandingBytes} bytes still rented of {before}");
        }

        Assert.Equal(Pattern(200_000).AsSpan(0, 10).ToArray(), stream.ToArray());
    }

    [Fact]
    public void TryGetBuffer_gives_the_content_without_copying_only_while_contiguous()
    {
        using PooledMemoryStream stream = CreateStream();
        Assert.Equal(stream.IsContiguous, stream.TryGetBuffer(out ArraySegment<byte> empty));
        Assert.Equal(0, empty.Count);

        byte[] small = Pattern(100);
        stream.Write(small);
        bool contiguous = stream.IsContiguous;
        Assert.Equal(contiguous, stream.TryGetBuffer(out ArraySegment<byte> segment));
        if (contiguous)
        {
            Assert.Equal(0, segment.Offset);
            Assert.Equal(small, segment.ToArray());
            segment.Array![0] = 42;
            Assert.Equal(42, stream.ToArray()[0]);
        }

        stream.Write(Pattern(5_000_000));
        Assert.Equal(stream.IsContiguous, stream.TryGetBuffer(out _));
    }

    [Fact]
    public void GetReadOnlySequence_covers_the_content_without_allocating()
    {
        using PooledMemoryStream stream = CreateStream();
        byte[] data = Pattern(70_000);
        stream.Write(data);
        stream.Position = 123;
        _ = stream.GetReadOnlySequence();

        long before = GC.GetAllocatedBytesForCurrentThread();
        ReadOnlySequence<byte> sequence = stream.GetReadOnlySequence();
        long after = GC.GetAllocatedBytesForCurrentThread();

        Assert.Equal(0, after - before);
        Assert.Equal(data, sequence.ToArray());
        Assert.Equal(123, stream.Position);
    }

    [Fact]
    public void WriteTo_writes_the_whole_content_whatever_the_position()
    {
        using PooledMemoryStream stream = CreateStream();
        byte[] data = Pattern(30_000);
        stream.Write(data);
        stream.Position = 10;
        var target = new MemoryStream();
        stream.WriteTo(target);
        Assert.Equal(data, target.ToArray());
        Assert.Equal(10, stream.Position);
    }

    [Theory]
    [InlineData(0, 0)]
    [InlineData(100, 100)]
    [InlineData(100, 40)]
    [InlineData(100, 250)]
    public async Task ReadFrom_writes_the_source_at_the_position_like_CopyTo_into_a_MemoryStream(int existing, int position)
    {
        byte[] source = Pattern(300_000, seed: 3);
        var expected = new MemoryStream();
        using PooledMemoryStream actual = CreateStream();
        using PooledMemoryStream actualAsync = CreateStream();
        foreach (Stream s in new Stream[] { expected, actual, actualAsync })
        {
            s.Write(Pattern(existing));
            s.Position = position;
        }

        new MemoryStream(source).CopyTo(expected);
        Assert.Equal(source.Length, actual.ReadFrom(new NonSeekableStream(source)));
        Assert.Equal(source.Length, await actualAsync.ReadFromAsync(new NonSeekableStream(source)));

        Assert.Equal(expected.ToArray(), actual.ToArray());
        Assert.Equal(expected.Position, actual.Position);
        Assert.Equal(expected.ToArray(), actualAsync.ToArray());
        Assert.Equal(expected.Position, actualAsync.Position);
    }

    [Fact]
    public void ReadFrom_validates_its_arguments()
    {
        using PooledMemoryStream stream = CreateStream();
        Assert.Throws<ArgumentNullException>("source", () => stream.ReadFrom(null!));
        Assert.Throws<ArgumentNullException>("source", () => { stream.ReadFromAsync(null!); });
        var closed = new MemoryStream();
        closed.Dispose();
        Assert.Throws<NotSupportedException>(() => stream.ReadFrom(closed));
    }

    [Fact]
    public void Reserve_rents_ahead_and_Reset_empties_for_reuse()
    {
        var pool = new StreamTestPool();
        using PooledMemoryStream stream = CreateStream(pool);
        stream.EnsureCapacity(100_000);
        int rents = pool.RentCount;
        Assert.True(rents > 0);
        stream.Write(Pattern(100_000));
        if (stream.IsContiguous)
        {
            Assert.Equal(rents, pool.RentCount);
        }

        Assert.Throws<ArgumentOutOfRangeException>("capacity", () => stream.EnsureCapacity(-1));

        stream.Reset();
        Assert.Equal(0, stream.Length);
        Assert.Equal(0, stream.Position);
        Assert.Equal(0, pool.Outstanding);
        Assert.True(stream.CanWrite);

        stream.Write(Pattern(5_000, seed: 9));
        Assert.Equal(Pattern(5_000, seed: 9), stream.ToArray());
        stream.Dispose();
        pool.AssertAllReturned();
    }

    [Fact]
    public void IBufferWriter_writes_at_the_position()
    {
        using PooledMemoryStream stream = CreateStream();
        IBufferWriter<byte> writer = stream;
        byte[] data = Pattern(20_000);
        for (int offset = 0; offset < data.Length; offset += 700)
        {
            int n = Math.Min(700, data.Length - offset);
            data.AsSpan(offset, n).CopyTo(writer.GetSpan(n));
            writer.Advance(n);
        }

        Assert.Equal(data, stream.ToArray());

        // In the middle: overwrites.
        stream.Position = 5;
        writer.GetMemory(3).Span[..3].Fill(9);
        writer.Advance(3);
        Assert.Equal(8, stream.Position);
        Assert.Equal(new byte[] { 9, 9, 9 }, stream.ToArray().AsSpan(5, 3).ToArray());
        Assert.Equal(data.Length, stream.Length);

        // Past the end: the gap becomes zeros.
        stream.Position = data.Length + 10;
        writer.GetSpan(1)[0] = 5;
        writer.Advance(1);
        byte[] content = stream.ToArray();
        Assert.Equal(data.Length + 11, content.Length);
        Assert.True(content.AsSpan(data.Length, 10).IndexOfAnyExcept((byte)0) < 0);

        Assert.Throws<ArgumentOutOfRangeException>("sizeHint", () => stream.GetSpan(-1).Length);
        Assert.Throws<ArgumentOutOfRangeException>("count", () => stream.Advance(-1));
        Assert.Throws<InvalidOperationException>(() => stream.Advance(int.MaxValue));
    }

    [Fact]
    public void Async_members_complete_synchronously_and_reuse_tasks()
    {
        using PooledMemoryStream stream = CreateStream();
        byte[] buffer = new byte[16];
        Task write = stream.WriteAsync(Pattern(64), 0, 64);
        Assert.Same(Task.CompletedTask, write);
        Assert.True(stream.WriteAsync(Pattern(64).AsMemory()).IsCompletedSuccessfully);
        stream.Position = 0;

        Task<int> first = stream.ReadAsync(buffer, 0, 16);
        Task<int> second = stream.ReadAsync(buffer, 0, 16);
        Assert.True(first.IsCompletedSuccessfully);
        Assert.Same(first, second);
        ValueTask<int> memoryRead = stream.ReadAsync(buffer.AsMemory());
        Assert.True(memoryRead.IsCompletedSuccessfully);
        Assert.Equal(16, Completed(memoryRead));

        AllocationAssert.NoneInSteadyState(() =>
        {
            for (int i = 0; i < 100; i++)
            {
                stream.Position = 0;
                _ = Completed(stream.ReadAsync(buffer.AsMemory()));
                Assert.True(stream.WriteAsync(buffer.AsMemory()).IsCompletedSuccessfully);
                _ = Completed(new ValueTask<int>(stream.ReadAsync(buffer, 0, 16)));
            }
        });

        var cancelled = new CancellationToken(canceled: true);
        Assert.True(stream.ReadAsync(buffer, 0, 1, cancelled).IsCanceled);
        Assert.True(stream.WriteAsync(buffer.AsMemory(), cancelled).IsCanceled);
    }

    [Fact]
    public void Writes_in_steady_state_allocate_nothing()
    {
        // SteadyStateBytes keeps the chunk count within what the segment-object pool retains (32 slots). That
        // pool is process-wide, and tests running in parallel take its segments (and, with rescue guards, the
        // GC-forcing tests churn the finalizer queue), so any one round may allocate: the best round must be
        // zero, and a round that allocated waits a millisecond for the other tests to move on. An implementation
        // that allocates per write or per round fails every round.
        using PooledMemoryStream stream = CreateStream(ArrayPool<byte>.Create(1 << 20, 1_000));
        byte[] piece = Pattern(100);
        long best = long.MaxValue;
        for (int round = 0; round < 100 && best != 0; round++)
        {
            if (round > 2)
            {
                Thread.Sleep(1);
            }

            long before = GC.GetAllocatedBytesForCurrentThread();
            while (stream.Length < SteadyStateBytes)
            {
                stream.Write(piece);
                stream.WriteByte(1);
            }

            stream.Position = 0;
            while (stream.Read(piece) > 0)
            {
            }

            stream.SetLength(0);
            if (round > 1)
            {
                best = Math.Min(best, GC.GetAllocatedBytesForCurrentThread() - before);
            }
        }

        Assert.Equal(0L, best);
    }

    [Fact]
    public void Dispose_with_ClearOnReturn_zeroes_every_byte_written()
    {
        var pool = new StreamTestPool { Returned = new() };
        var options = new PooledMemoryStreamOptions
        {
            Pool = pool,
            Mode = CreateOptions(pool).Mode,
            SegmentThreshold = CreateOptions(pool).SegmentThreshold,
            ChunkLength = CreateOptions(pool).ChunkLength,
            MaximumChunkLength = CreateOptions(pool).MaximumChunkLength,
            ClearOnReturn = true,
        };
        var stream = new PooledMemoryStream(options);
        stream.Write(Pattern(50_000));
        stream.SetLength(20_000);
        stream.Write(Pattern(3_000));
        stream.Dispose();
        pool.AssertAllReturned();
        Assert.NotEmpty(pool.Returned);
        foreach ((byte[] array, bool cleared) in pool.Returned)
        {
            Assert.True(cleared || array.AsSpan().IndexOfAnyExcept((byte)0, StreamTestPool.Garbage) < 0, "a returned array still holds written bytes");
        }
    }

    /// <summary>The result of an operation that must already be complete (never blocks).</summary>
    private static T Completed<T>(ValueTask<T> task)
    {
        Assert.True(task.IsCompletedSuccessfully);
        return task.Result;
    }

    /// <summary>A source that cannot seek, as network streams are.</summary>
    private sealed class NonSeekableStream(byte[] data) : MemoryStream(data, writable: false)
    {
        public override bool CanSeek => false;

        public override int Read(byte[] buffer, int offset, int count) => base.Read(buffer, offset, Math.Min(count, 5_000));

        public override int Read(Span<byte> buffer) => base.Read(buffer[..Math.Min(buffer.Length, 5_000)]);

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            base.ReadAsync(buffer[..Math.Min(buffer.Length, 5_000)], cancellationToken);
    }
}

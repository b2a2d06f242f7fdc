using System;
using System.Buffers;
using System.Collections.Generic;
using Eddy.Buffers;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Buffers;

/// <summary>
/// The <see cref="IBufferWriter{T}"/> contract every Eddy writer keeps alike: <see cref="PooledBufferWriter{T}"/>,
/// <see cref="SegmentedBuffer{T}"/> and <see cref="PooledMemoryStream"/> in each mode. One subclass per writer
/// runs every test here.
/// </summary>
public abstract class BufferWriterContract
{
    /// <summary>A fresh, empty writer drawing its arrays from <paramref name="pool"/>.</summary>
    protected abstract WriterUnderTest Create(ArrayPool<byte> pool);

    private static byte[] Pattern(int length, int seed)
    {
        var bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(4 << 20)]
    public void GetSpan_and_GetMemory_give_at_least_the_hint_and_at_least_one(int sizeHint)
    {
        var pool = new TrackingArrayPool<byte>();
        using (WriterUnderTest writer = Create(pool))
        {
            Assert.True(writer.Writer.GetSpan(sizeHint).Length >= Math.Max(sizeHint, 1));
            Assert.True(writer.Writer.GetMemory(sizeHint).Length >= Math.Max(sizeHint, 1));
            Assert.Equal(0, writer.Length());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void A_negative_hint_throws_ArgumentOutOfRangeException()
    {
        using WriterUnderTest writer = Create(new TrackingArrayPool<byte>());
        Assert.Throws<ArgumentOutOfRangeException>("sizeHint", () => writer.Writer.GetSpan(-1).Length);
        Assert.Throws<ArgumentOutOfRangeException>("sizeHint", () => writer.Writer.GetMemory(-1));
    }

    [Fact]
    public void Advance_with_a_negative_count_throws_ArgumentOutOfRangeException_and_commits_nothing()
    {
        using WriterUnderTest writer = Create(new TrackingArrayPool<byte>());
        writer.Writer.GetSpan(8)[0] = 42;
        Assert.Throws<ArgumentOutOfRangeException>("count", () => writer.Writer.Advance(-1));
        Assert.Equal(0, writer.Length());
        writer.Writer.Advance(1);
        Assert.Equal(new byte[] { 42 }, writer.ToArray());
    }

    [Fact]
    public void Advance_past_the_span_handed_out_throws_InvalidOperationException_and_commits_nothing()
    {
        using WriterUnderTest writer = Create(new TrackingArrayPool<byte>());
        Span<byte> span = writer.Writer.GetSpan(16);
        span.Fill(7);
        int length = span.Length;
        Assert.Throws<InvalidOperationException>(() => writer.Writer.Advance(length + 1));
        Assert.Equal(0, writer.Length());
        writer.Writer.Advance(length);
        Assert.Equal(length, writer.Length());
    }

    [Fact]
    public void Advance_without_a_span_outstanding_throws_InvalidOperationException()
    {
        using WriterUnderTest writer = Create(new TrackingArrayPool<byte>());
        Assert.Throws<InvalidOperationException>(() => writer.Writer.Advance(1));
        writer.Writer.Advance(0);

        writer.Writer.GetSpan(4);
        writer.Writer.Advance(2);
        Assert.Throws<InvalidOperationException>(() => writer.Writer.Advance(1));

        writer.Writer.GetMemory(4);
        writer.Write(new byte[] { 1, 2, 3 });
        Assert.Throws<InvalidOperationException>(() => writer.Writer.Advance(1));
        Assert.Equal(5, writer.Length());
    }

    [Fact]
    public void Content_is_what_was_committed_across_many_random_GetSpan_GetMemory_and_Advance_steps()
    {
        var pool = new TrackingArrayPool<byte> { FillWithGarbage = true, Garbage = 0xCD };
        var random = new Random(5);
        var expected = new List<byte>();
        using (WriterUnderTest writer = Create(pool))
        {
            for (int step = 0; step < 2_000; step++)
            {
                int hint = random.Next(4) switch { 0 => 0, 1 => 1, 2 => random.Next(2, 64), _ => random.Next(64, 20_000) };
                Span<byte> span = random.Next(2) == 0 ? writer.Writer.GetSpan(hint) : writer.Writer.GetMemory(hint).Span;
                Assert.True(span.Length >= Math.Max(hint, 1));
                // Up to the hint, or (rarely) the whole span when it is small; bytes past the count are written too.
                int count = random.Next(8) == 0 && span.Length <= 20_000 ? span.Length : random.Next(0, Math.Min(span.Length, hint + 1) + 1);
                byte[] piece = Pattern(Math.Min(span.Length, count + 16), step);
                piece.CopyTo(span);
                writer.Writer.Advance(count);
                expected.AddRange(piece.AsSpan(0, count).ToArray());
                if (step % 97 == 0)
                {
                    Assert.Equal(expected.Count, writer.Length());
                    Assert.Equal(expected.ToArray(), writer.ToArray());
                }
            }

            Assert.Equal(expected.ToArray(), writer.ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Reset_empties_the_writer_and_spends_the_outstanding_span()
    {
        using WriterUnderTest writer = Create(new TrackingArrayPool<byte>());
        writer.Write(Pattern(5_000, 1));
        writer.Writer.GetSpan(10);
        writer.Reset();
        Assert.Equal(0, writer.Length());
        Assert.Throws<InvalidOperationException>(() => writer.Writer.Advance(1));

        byte[] next = Pattern(300, 2);
        next.CopyTo(writer.Writer.GetSpan(300));
        writer.Writer.Advance(300);
        Assert.Equal(next, writer.ToArray());
    }

    [Fact]
    public void Dispose_returns_every_array_is_idempotent_and_later_use_throws_ObjectDisposedException()
    {
        var pool = new TrackingArrayPool<byte>();
        WriterUnderTest writer = Create(pool);
        writer.Write(Pattern(70_000, 3));
        writer.Writer.GetSpan(100);
        writer.Dispose();
        writer.Dispose();
        pool.AssertAllReturned();

        Assert.Throws<ObjectDisposedException>(() => writer.Writer.GetSpan().Length);
        Assert.Throws<ObjectDisposedException>(() => writer.Writer.GetSpan(1_000_000).Length);
        Assert.Throws<ObjectDisposedException>(() => writer.Writer.GetMemory());
        Assert.Throws<ObjectDisposedException>(() => writer.Writer.Advance(0));
        Assert.Throws<ObjectDisposedException>(() => writer.Writer.Advance(1));
        Assert.Throws<ObjectDisposedException>(() => writer.Length());
        pool.AssertAllReturned();
    }

    /// <summary>A writer under test with the few members that are not part of <see cref="IBufferWriter{T}"/>.</summary>
    protected sealed class WriterUnderTest : IDisposable
    {
        private readonly Func<long> _length;
        private readonly Func<byte[]> _toArray;
        private readonly Action<byte[]> _write;
        private readonly Action _reset;
        private readonly IDisposable _owner;

        public WriterUnderTest(IBufferWriter<byte> writer, Func<long> length, Func<byte[]> toArray, Action<byte[]> write, Action reset, IDisposable owner)
        {
            Writer = writer;
            _length = length;
            _toArray = toArray;
            _write = write;
            _reset = reset;
            _owner = owner;
        }

        public IBufferWriter<byte> Writer { get; }

        public long Length() => _length();

        public byte[] ToArray() => _toArray();

        /// <summary>The writer's own bulk write (not GetSpan/Advance).</summary>
        public void Write(byte[] bytes) => _write(bytes);

        public void Reset() => _reset();

        public void Dispose() => _owner.Dispose();
    }
}

public sealed class PooledBufferWriterContractTests : BufferWriterContract
{
    protected override WriterUnderTest Create(ArrayPool<byte> pool)
    {
        var writer = new PooledBufferWriter<byte>(pool);
        return new WriterUnderTest(writer, () => writer.Length, writer.ToArray, bytes => writer.Write(bytes), writer.Reset, writer);
    }
}

public sealed class SegmentedBufferContractTests : BufferWriterContract
{
    protected override WriterUnderTest Create(ArrayPool<byte> pool)
    {
        var buffer = new SegmentedBuffer<byte>(pool);
        return new WriterUnderTest(buffer, () => buffer.Length, buffer.ToArray, bytes => buffer.Write(bytes), () => buffer.Reset(), buffer);
    }
}

public sealed class SegmentedBufferTinyChunksContractTests : BufferWriterContract
{
    protected override WriterUnderTest Create(ArrayPool<byte> pool)
    {
        var buffer = new SegmentedBuffer<byte>(pool, initialChunkLength: 16, maximumChunkLength: 256);
        return new WriterUnderTest(buffer, () => buffer.Length, buffer.ToArray, bytes => buffer.Write(bytes), () => buffer.Clear(), buffer);
    }
}

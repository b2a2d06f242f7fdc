using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Eddy.Buffers;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Buffers;

public class PooledBufferWriterTests
{
    [Fact]
    public void New_writer_rents_lazily_or_up_front()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var lazy = new PooledBufferWriter<byte>(pool, 0))
        {
            Assert.Equal(0, pool.RentCount);
            Assert.Equal(0, lazy.Capacity);
            Assert.Equal(0, lazy.Length);
            Assert.True(lazy.GetSpan().Length >= PooledBufferWriter<byte>.DefaultInitialCapacity);
        }

        using (var eager = new PooledBufferWriter<byte>(pool, 1000))
        {
            Assert.Equal(1000, eager.Capacity);
            Assert.Equal(1000, eager.FreeCapacity);
        }

        pool.AssertAllReturned();
        Assert.Throws<ArgumentOutOfRangeException>("initialCapacity", () => new PooledBufferWriter<byte>(initialCapacity: -1));
    }

    [Fact]
    public void Growth_copies_only_the_written_part_and_returns_the_old_array()
    {
        var pool = new TrackingArrayPool<byte> { FillWithGarbage = true, Garbage = 0xEE };
        using (var writer = new PooledBufferWriter<byte>(pool, 16))
        {
            writer.GetSpan(5).Slice(0, 5).Fill(7);
            writer.Advance(5);
            Span<byte> span = writer.GetSpan(100);
            Assert.True(span.Length >= 100);
            Assert.Equal(2, pool.RentCount);
            Assert.Equal(1, pool.ReturnCount);
            Assert.Equal(new byte[] { 7, 7, 7, 7, 7 }, writer.WrittenSpan.ToArray());
            // Only the written part was copied: the unwritten tail still holds the pool's stale data.
            Assert.All(span.ToArray(), b => Assert.Equal(0xEE, b));
            Assert.Equal(Math.Max(105, 32), pool.RequestedLengths[^1]);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Doubles_when_the_hint_is_small()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var writer = new PooledBufferWriter<byte>(pool, 0))
        {
            for (int i = 0; i < 5000; i++)
            {
                writer.GetSpan(1)[0] = unchecked((byte)i);
                writer.Advance(1);
            }

            Assert.Equal(new[] { 256, 512, 1024, 2048, 4096, 8192 }, pool.RequestedLengths);
            Assert.Equal(Enumerable.Range(0, 5000).Select(i => unchecked((byte)i)), writer.WrittenSpan.ToArray());
            Assert.Equal(writer.WrittenSpan.ToArray(), writer.WrittenMemory.ToArray());
            Assert.Equal(writer.WrittenSpan.ToArray(), writer.ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Clear_keeps_the_array_and_does_not_zero_elements_without_references()
    {
        var pool = new TrackingArrayPool<int>();
        using (var writer = new PooledBufferWriter<int>(pool, 8))
        {
            writer.Write(new[] { 1, 2, 3 });
            writer.Clear();
            Assert.Equal(0, writer.Length);
            Assert.Equal(1, pool.RentCount);
            Assert.Equal(0, pool.ReturnCount);
            Assert.Equal(new[] { 1, 2, 3 }, writer.GetSpan(3).Slice(0, 3).ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Clear_zeroes_the_written_elements_that_hold_references()
    {
        using var writer = new PooledBufferWriter<string>(ArrayPool<string>.Shared, 8);
        writer.Write(new[] { "a", "b" });
        writer.Clear();
        Assert.Equal(0, writer.Length);
        Assert.Equal(new string?[] { null, null }, writer.GetSpan(2).Slice(0, 2).ToArray());
    }

    [Fact]
    public void Reset_returns_the_array_and_the_next_write_rents_again()
    {
        var pool = new TrackingArrayPool<int>();
        using (var writer = new PooledBufferWriter<int>(pool, 8))
        {
            writer.Write(new[] { 1, 2, 3 });
            writer.Reset();
            Assert.Equal(0, writer.Length);
            Assert.Equal(0, writer.Capacity);
            Assert.Equal(1, pool.ReturnCount);
            pool.AssertAllReturned();

            writer.Write(new[] { 4 });
            Assert.Equal(2, pool.RentCount);
            Assert.Equal(new[] { 4 }, writer.ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void DetachBuffer_hands_the_array_over_without_copying()
    {
        var pool = new TrackingArrayPool<long>();
        using (var writer = new PooledBufferWriter<long>(pool, 4))
        {
            writer.Write(new long[] { 10, 20, 30 });
            Span<long> before = writer.GetSpan();
            using (PooledArrayOwner<long> owner = writer.DetachBuffer())
            {
                Assert.Equal(3, owner.Count);
                Assert.Equal(new long[] { 10, 20, 30 }, owner.Memory.ToArray());
                Assert.Equal(new long[] { 10, 20, 30 }, owner.Span.ToArray());
                Assert.Equal(4, owner.Array.Length);
                Assert.Equal(1, pool.RentCount);
                Assert.Equal(0, pool.ReturnCount);
                Assert.Equal(0, writer.Length);
                writer.Write(new long[] { 5 });
                Assert.Equal(2, pool.RentCount);
                owner.Dispose();
                owner.Dispose();
                Assert.Throws<ObjectDisposedException>(() => owner.Memory);
                Assert.Throws<ObjectDisposedException>(() => owner.Array);
                Assert.Equal(1, pool.ReturnCount);
            }

            Assert.Equal(new long[] { 5 }, writer.WrittenSpan.ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void CopyTo_copies_every_written_element_or_throws_when_the_destination_is_shorter()
    {
        using var writer = new PooledBufferWriter<int>(new TrackingArrayPool<int>(), 4);
        writer.Write(new[] { 1, 2, 3, 4, 5 });
        int[] destination = new int[7];
        writer.CopyTo(destination);
        Assert.Equal(new[] { 1, 2, 3, 4, 5, 0, 0 }, destination);
        int[] tooShort = new int[4];
        Assert.Throws<ArgumentException>("destination", () => writer.CopyTo(tooShort));
        Assert.Equal(new int[4], tooShort);
    }

    [Fact]
    public void Every_member_throws_ObjectDisposedException_after_Dispose_and_Dispose_is_idempotent()
    {
        var pool = new TrackingArrayPool<byte>();
        var writer = new PooledBufferWriter<byte>(pool, 16);
        writer.Write(new byte[] { 1, 2 });
        writer.Dispose();
        writer.Dispose();
        pool.AssertAllReturned();
        Assert.Throws<ObjectDisposedException>(() => writer.GetSpan());
        Assert.Throws<ObjectDisposedException>(() => writer.GetMemory());
        Assert.Throws<ObjectDisposedException>(() => writer.Advance(0));
        Assert.Throws<ObjectDisposedException>(() => writer.Advance(1));
        Assert.Throws<ObjectDisposedException>(() => writer.WrittenSpan.Length);
        Assert.Throws<ObjectDisposedException>(() => writer.WrittenMemory);
        Assert.Throws<ObjectDisposedException>(() => writer.Length);
        Assert.Throws<ObjectDisposedException>(() => writer.Capacity);
        Assert.Throws<ObjectDisposedException>(() => writer.FreeCapacity);
        Assert.Throws<ObjectDisposedException>(() => writer.Write(new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => writer.Write(ReadOnlySpan<byte>.Empty));
        Assert.Throws<ObjectDisposedException>(() => writer.Reset());
        Assert.Throws<ObjectDisposedException>(() => writer.ToArray());
        Assert.Throws<ObjectDisposedException>(() => writer.CopyTo(new byte[4]));
        Assert.Throws<ObjectDisposedException>(() => writer.DetachBuffer());
        Assert.Equal(1, pool.ReturnCount);
    }

    [Fact]
    public void Wide_elements_are_copied_by_element_not_by_byte()
    {
        RoundTrip(i => i * 0x1_0000_0001L);
        RoundTrip(i => "item" + i);
        RoundTrip(i => new TestItem(i, "n" + i, i * 0.5));
    }

    [Fact]
    public void Reference_elements_are_cleared_when_returned_to_the_pool()
    {
        var pool = new TrackingArrayPool<string>();
        using (var writer = new PooledBufferWriter<string>(pool, 2))
        {
            writer.Write(new[] { "a", "b", "c" });
        }

        Assert.All(pool.ClearFlags, Assert.True);
        var bytes = new TrackingArrayPool<byte>();
        using (var writer = new PooledBufferWriter<byte>(bytes, 2))
        {
            writer.Write(new byte[] { 1, 2, 3 });
        }

        Assert.All(bytes.ClearFlags, Assert.False);
    }

    [Fact]
    public void Randomized_writes_match_a_list()
    {
        var random = new Random(4242);
        var pool = new TrackingArrayPool<int> { FillWithGarbage = true, Garbage = -1 };
        var oracle = new List<int>();
        using (var writer = new PooledBufferWriter<int>(pool, 1))
        {
            for (int step = 0; step < 2000; step++)
            {
                switch (random.Next(8))
                {
                    case 0:
                        if (random.Next(2) == 0) { writer.Clear(); } else { writer.Reset(); }
                        oracle.Clear();
                        break;
                    case < 4:
                        int[] items = Enumerable.Range(step, random.Next(50)).ToArray();
                        writer.Write(items);
                        oracle.AddRange(items);
                        break;
                    default:
                        Span<int> span = random.Next(2) == 0 ? writer.GetSpan(random.Next(30)) : writer.GetMemory(random.Next(30)).Span;
                        int count = random.Next(Math.Min(span.Length, 40) + 1);
                        for (int i = 0; i < count; i++)
                        {
                            span[i] = step * 100 + i;
                            oracle.Add(step * 100 + i);
                        }

                        writer.Advance(count);
                        break;
                }

                Assert.Equal(oracle.Count, writer.Length);
                Assert.Equal(writer.Capacity - writer.Length, writer.FreeCapacity);
            }

            Assert.Equal(oracle, writer.WrittenSpan.ToArray());
        }

        pool.AssertAllReturned();
    }

    private static void RoundTrip<T>(Func<int, T> make)
    {
        var pool = new TrackingArrayPool<T>();
        T[] expected = Enumerable.Range(0, 1000).Select(make).ToArray();
        using (var writer = new PooledBufferWriter<T>(pool, 3))
        {
            for (int i = 0; i < expected.Length; i += 7)
            {
                int n = Math.Min(7, expected.Length - i);
                Span<T> span = writer.GetSpan(n);
                expected.AsSpan(i, n).CopyTo(span);
                writer.Advance(n);
            }

            Assert.Equal(expected, writer.WrittenSpan.ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void After_DetachBuffer_the_next_write_rents_the_initial_capacity_again()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var writer = new PooledBufferWriter<byte>(pool, 5_000))
        {
            writer.Write(new byte[10]);
            using (PooledArrayOwner<byte> owner = writer.DetachBuffer())
            {
                Assert.Equal(10, owner.Count);
            }

            writer.Write(new byte[1]);

            Assert.Equal([5_000, 5_000], pool.RequestedLengths);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void GetSpan_for_exactly_the_free_space_keeps_the_array()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var writer = new PooledBufferWriter<byte>(pool, 1_000))
        {
            writer.Write(new byte[400]);

            Span<byte> span = writer.GetSpan(600);

            Assert.Equal(600, span.Length);
            Assert.Equal(1, pool.RentCount);
            Assert.Equal(1_000, writer.Capacity);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void CopyTo_takes_a_destination_of_exactly_the_length_and_refuses_a_shorter_one()
    {
        using var writer = new PooledBufferWriter<byte>();
        writer.Write(new byte[] { 1, 2, 3, 4, 5 });

        byte[] exact = new byte[5];
        writer.CopyTo(exact);
        Assert.Equal(new byte[] { 1, 2, 3, 4, 5 }, exact);

        ArgumentException error = Assert.Throws<ArgumentException>("destination", () => writer.CopyTo(new byte[4]));
        Assert.StartsWith("The destination is shorter than the writer's length.", error.Message);
    }

    [Fact]
    public void Dispose_twice_returns_the_array_once()
    {
        var pool = new TrackingArrayPool<byte>();
        var writer = new PooledBufferWriter<byte>(pool, 100);
        writer.Dispose();
        writer.Dispose();

        Assert.Equal(1, pool.ReturnCount);
        Assert.Empty(pool.Errors);
    }
}

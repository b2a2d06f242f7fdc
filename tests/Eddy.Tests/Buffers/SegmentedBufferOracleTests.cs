using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Eddy.Buffers;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Buffers;

/// <summary>Seeded random operation sequences against a <see cref="List{T}"/> oracle, for several element types.</summary>
public class SegmentedBufferOracleTests
{
    public static TheoryData<int, int, int> Configurations => new()
    {
        // seed, initial chunk length, max chunk length
        { 1, 1, 1 },
        { 2, 3, 17 },
        { 3, 16, 16 },
        { 4, 7, 1000 },
        { 5, 0, 0 },
    };

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Fifo_writes_and_consumes_match_a_list_bytes(int seed, int initial, int max) =>
        RunFifo(seed, initial, max, i => unchecked((byte)i));

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Fifo_writes_and_consumes_match_a_list_longs(int seed, int initial, int max) =>
        RunFifo(seed, initial, max, i => i * 0x1_0000_0001L);

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Fifo_writes_and_consumes_match_a_list_strings(int seed, int initial, int max) =>
        RunFifo(seed, initial, max, i => "s" + i);

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Fifo_writes_and_consumes_match_a_list_structs(int seed, int initial, int max) =>
        RunFifo(seed, initial, max, i => new TestItem(i, "n" + i, i / 3.0));

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Random_access_matches_a_list_bytes(int seed, int initial, int max) =>
        RunRandomAccess(seed, initial, max, i => unchecked((byte)(i | 1)));

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Random_access_matches_a_list_longs(int seed, int initial, int max) =>
        RunRandomAccess(seed, initial, max, i => i | 1);

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Random_access_matches_a_list_strings(int seed, int initial, int max) =>
        RunRandomAccess(seed, initial, max, i => "s" + i);

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Random_access_matches_a_list_structs(int seed, int initial, int max) =>
        RunRandomAccess(seed, initial, max, i => new TestItem(i, "n" + i, 1));

    private static void RunFifo<T>(int seed, int initial, int max, Func<int, T> make)
    {
        var random = new Random(seed);
        var pool = new TrackingArrayPool<T> { FillWithGarbage = true, Garbage = make(-1) };
        var oracle = new List<T>();
        int next = 0;
        using (var buffer = new SegmentedBuffer<T>(pool, initial, max))
        {
            for (int step = 0; step < 3000; step++)
            {
                int op = random.Next(10);
                if (op < 4)
                {
                    // GetSpan/Advance with a random hint and a random count up to the span.
                    int hint = random.Next(4) == 0 ? 0 : random.Next(1, 60);
                    Span<T> span = random.Next(2) == 0 ? buffer.GetSpan(hint) : buffer.GetMemory(hint).Span;
                    Assert.True(span.Length >= Math.Max(1, hint));
                    int count = random.Next(Math.Min(span.Length, 80) + 1);
                    for (int i = 0; i < count; i++)
                    {
                        span[i] = make(next);
                        oracle.Add(make(next++));
                    }

                    buffer.Advance(count);
                }
                else if (op < 6)
                {
                    T[] items = Enumerable.Range(next, random.Next(100)).Select(make).ToArray();
                    next += items.Length;
                    buffer.Write(items);
                    oracle.AddRange(items);
                }
                else if (op < 9)
                {
                    int count = random.Next(oracle.Count + 1);
                    buffer.Consume(count);
                    oracle.RemoveRange(0, count);
                }
                else
                {
                    Assert.Equal(oracle, buffer.GetReadOnlySequence().ToArray());
                }

                Assert.Equal(oracle.Count, buffer.Length);
                if (step % 50 == 0)
                {
                    Assert.Equal(oracle, buffer.ToArray());
                }
            }

            Assert.Equal(oracle, buffer.ToArray());
            Assert.Equal(pool.RentCount - pool.ReturnCount, buffer.ChunkCount);
        }

        pool.AssertAllReturned();
    }

    private static void RunRandomAccess<T>(int seed, int initial, int max, Func<int, T> make)
    {
        var random = new Random(seed * 7919);
        var pool = new TrackingArrayPool<T> { FillWithGarbage = true, Garbage = make(-2) };
        var oracle = new List<T>();
        int next = 0;
        using (var buffer = new SegmentedBuffer<T>(pool, initial, max))
        {
            for (int step = 0; step < 3000; step++)
            {
                int op = random.Next(12);
                if (op < 3)
                {
                    // Write at a position: overwrite and/or extend.
                    int position = random.Next(oracle.Count + 1);
                    T[] items = Enumerable.Range(next, random.Next(70)).Select(make).ToArray();
                    next += items.Length;
                    buffer.Write(position, items);
                    for (int i = 0; i < items.Length; i++)
                    {
                        if (position + i < oracle.Count)
                        {
                            oracle[position + i] = items[i];
                        }
                        else
                        {
                            oracle.Add(items[i]);
                        }
                    }
                }
                else if (op < 6)
                {
                    long position = random.Next(oracle.Count + 10);
                    var destination = new T[random.Next(60)];
                    int copied = buffer.CopyTo(position, destination);
                    int expected = (int)Math.Max(0, Math.Min(destination.Length, oracle.Count - position));
                    Assert.Equal(expected, copied);
                    Assert.Equal(oracle.Skip((int)position).Take(expected), destination.Take(copied));
                }
                else if (op < 8)
                {
                    int length = random.Next(3) == 0 ? 0 : random.Next(oracle.Count + 80);
                    buffer.SetLength(length);
                    if (length < oracle.Count)
                    {
                        oracle.RemoveRange(length, oracle.Count - length);
                    }
                    else
                    {
                        oracle.AddRange(Enumerable.Repeat(default(T)!, length - oracle.Count));
                    }
                }
                else if (op == 8)
                {
                    buffer.EnsureCapacity(oracle.Count + random.Next(200));
                    Assert.True(buffer.Capacity >= oracle.Count);
                }
                else if (op == 9)
                {
                    int count = random.Next(oracle.Count + 1);
                    buffer.Consume(count);
                    oracle.RemoveRange(0, count);
                }
                else if (op == 10)
                {
                    Span<T> span = buffer.GetSpan(random.Next(40));
                    int count = random.Next(span.Length + 1);
                    for (int i = 0; i < count; i++)
                    {
                        span[i] = make(next);
                        oracle.Add(make(next++));
                    }

                    buffer.Advance(count);
                }
                else if (random.Next(10) == 0)
                {
                    if (random.Next(2) == 0) { buffer.Clear(); } else { buffer.Reset(); }
                    oracle.Clear();
                }

                Assert.Equal(oracle.Count, buffer.Length);
                if (step % 25 == 0)
                {
                    Assert.Equal(oracle, buffer.ToArray());
                    Assert.Equal(oracle, buffer.GetReadOnlySequence().ToArray());
                }
            }

            Assert.Equal(oracle, buffer.ToArray());
        }

        pool.AssertAllReturned();
    }
}

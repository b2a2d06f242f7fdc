using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Eddy.Buffers;
using Eddy.Lifetime;
using Eddy.Tests.Infrastructure;
using Eddy.Tests.Pooling.SelfReturning;
using Xunit;

namespace Eddy.Tests.Buffers;

/// <summary>
/// A buffer's first chunk starts bare (an array without a segment or the chunk list) and is attached to the list only
/// when an operation walks it: every way out of that state keeps the content and gives each array back exactly once.
/// </summary>
public class SegmentedBufferBareChunkTests
{
    private const int ChunkLength = 16;

    /// <summary>Operations on a buffer holding 10 bytes (0..9) in its bare first chunk, each with its effect on a list model.</summary>
    public static TheoryData<string> Operations => new()
    {
        "write within the chunk",
        "write past the chunk",
        "GetSpan past the chunk",
        "consume part",
        "consume all",
        "copy from a position",
        "overwrite at a position",
        "overwrite past the end",
        "shrink",
        "shrink to nothing",
        "grow within the chunk",
        "grow past the chunk",
        "reserve past the chunk",
        "reset keeping chunks",
        "reset",
        "to array",
        "sequence",
    };

    [Theory]
    [MemberData(nameof(Operations))]
    public void Each_operation_on_a_bare_first_chunk_keeps_the_content_and_every_array_accounted_for(string operation)
    {
        var pool = new CountingArrayPool();
        var buffer = new SegmentedBuffer<byte>(pool, ChunkLength, 4 * ChunkLength);
        var model = new List<byte>();
        Append(buffer, model, 0, 10);
        Assert.Equal(1, buffer.ChunkCount);

        Apply(operation, buffer, model);

        Assert.Equal(model.ToArray(), buffer.ToArray());
        Assert.Equal(model.Count, buffer.Length);
        Assert.Equal(buffer.ChunkCount, pool.Outstanding);

        // The buffer still works after the operation: a write across chunks, read back as one sequence.
        Append(buffer, model, 100, 40);
        Assert.Equal(model.ToArray(), buffer.GetReadOnlySequence().ToArray());
        Assert.Equal(buffer.ChunkCount, pool.Outstanding);

        buffer.Dispose();
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(pool.Rents, pool.Returns);
    }

    [Fact]
    public void A_buffer_that_stays_in_its_first_chunk_never_takes_the_thread_s_kit()
    {
        FreshThread.Run(() =>
        {
            BufferSegment<byte>[] kit = ChunkSlots<byte>.RentWithSegment();
            BufferSegment<byte> segment = kit[0];
            ChunkSlots<byte>.ReturnWithSegment(kit);

            var buffer = new SegmentedBuffer<byte>();
            buffer.Write(new byte[100]);
            ReadOnlySequence<byte> sequence = buffer.GetReadOnlySequence();
            Assert.IsType<byte[]>(sequence.Start.GetObject());
            Assert.Equal(100, buffer.ToArray().Length);
            Assert.Equal(10, buffer.CopyTo(90, new byte[20]));

            // Still in the thread's cache while the buffer lives: the buffer has not taken it.
            BufferSegment<byte>[] again = ChunkSlots<byte>.RentWithSegment();
            Assert.Same(kit, again);
            Assert.Same(segment, again[0]);
            ChunkSlots<byte>.ReturnWithSegment(again);
            buffer.Dispose();
            Assert.Same(kit, ChunkSlots<byte>.RentWithSegment());
        });
    }

    [Fact]
    public void A_second_chunk_attaches_the_first_as_the_head_of_the_list()
    {
        var pool = new CountingArrayPool();
        using var buffer = new SegmentedBuffer<byte>(pool, ChunkLength, ChunkLength);
        buffer.Write(Bytes(0, 10));
        Assert.IsType<byte[]>(buffer.GetReadOnlySequence().Start.GetObject());

        buffer.Write(Bytes(10, 10));

        ReadOnlySequence<byte> sequence = buffer.GetReadOnlySequence();
        Assert.IsType<BufferSegment<byte>>(sequence.Start.GetObject());
        Assert.Equal(ChunkLength, sequence.First.Length);
        Assert.Equal(Bytes(0, 20), sequence.ToArray());
        Assert.Equal(2, pool.Outstanding);
    }

    [Fact]
    public void A_bigger_first_span_before_any_write_swaps_the_bare_chunk_and_returns_the_old_one()
    {
        var pool = new CountingArrayPool();
        using var buffer = new SegmentedBuffer<byte>(pool, ChunkLength, 4 * ChunkLength);
        Assert.Equal(ChunkLength, buffer.GetSpan(1).Length);

        Span<byte> span = buffer.GetSpan(3 * ChunkLength);

        Assert.Equal(3 * ChunkLength, span.Length);
        Assert.Equal(1, pool.Outstanding);
        Assert.Equal(1, pool.Returns);
        Assert.Equal(1, buffer.ChunkCount);
    }

    [Fact]
    public void The_free_tail_is_handed_out_without_renting_and_only_while_there_is_one()
    {
        var pool = new CountingArrayPool();
        var buffer = new SegmentedBuffer<byte>(pool, ChunkLength, ChunkLength);
        Assert.False(buffer.TryGetFreeTail(out ArraySegment<byte> none));
        Assert.Null(none.Array);
        Assert.Equal(0, pool.Rents);

        buffer.Write(Bytes(0, 10));
        Assert.True(buffer.TryGetFreeTail(out ArraySegment<byte> tail));
        Assert.Equal(10, tail.Offset);
        Assert.Equal(ChunkLength - 10, tail.Count);
        Assert.Equal(ChunkLength - 10, buffer.HandedOut);
        tail.AsSpan(0, 2).Fill(7);
        buffer.Advance(2);
        Assert.Equal(Bytes(0, 10).Concat(new byte[] { 7, 7 }).ToArray(), buffer.ToArray());
        Assert.Equal(1, pool.Rents);

        buffer.Write(Bytes(0, ChunkLength - 12));
        Assert.False(buffer.TryGetFreeTail(out _));
        buffer.Dispose();
        Assert.False(buffer.TryGetFreeTail(out _));
    }

    [Fact]
    public void A_rescue_gives_a_bare_first_chunk_back()
    {
        var pool = new CountingArrayPool();
        var buffer = new SegmentedBuffer<byte>(pool, ChunkLength, ChunkLength);
        buffer.Write(Bytes(0, 10));

        long bytes = ((IRescuable)buffer).Rescue(clear: false);

        Assert.Equal(ChunkLength, bytes);
        Assert.Equal(0, pool.Outstanding);
        Assert.Throws<ObjectDisposedException>(() => buffer.Length);
    }

    [Fact]
    public void An_empty_bare_chunk_gives_way_to_an_adopted_one()
    {
        var pool = new CountingArrayPool();
        using var buffer = new SegmentedBuffer<byte>(pool, ChunkLength, ChunkLength);
        buffer.Write(Bytes(0, 10));
        buffer.Consume(10);
        byte[] adopted = pool.Rent(ChunkLength);
        Bytes(50, 5).CopyTo(adopted, 0);

        buffer.AdoptFirstChunk(adopted, 5);

        Assert.Equal(Bytes(50, 5), buffer.ToArray());
        Assert.Equal(1, pool.Outstanding);
        Assert.Equal(1, buffer.ChunkCount);
    }

    [Fact]
    public void The_debugger_view_shows_a_bare_first_chunk()
    {
        var buffer = new SegmentedBuffer<byte>(new CountingArrayPool(), ChunkLength, ChunkLength);
        var view = new SegmentedBuffer<byte>.DebugView(buffer);
        Assert.Empty(view.ChunkLengths);

        buffer.Write(Bytes(0, 10));
        Assert.Equal(new[] { ChunkLength }, view.ChunkLengths);

        buffer.Dispose();
        Assert.Empty(view.ChunkLengths);
    }

    private static void Apply(string operation, SegmentedBuffer<byte> buffer, List<byte> model)
    {
        switch (operation)
        {
            case "write within the chunk":
                Append(buffer, model, 20, 5);
                break;
            case "write past the chunk":
                Append(buffer, model, 20, 30);
                break;
            case "GetSpan past the chunk":
            {
                Span<byte> span = buffer.GetSpan(ChunkLength);
                Bytes(20, 3).CopyTo(span);
                buffer.Advance(3);
                model.AddRange(Bytes(20, 3));
                break;
            }

            case "consume part":
                buffer.Consume(4);
                model.RemoveRange(0, 4);
                break;
            case "consume all":
                buffer.Consume(10);
                model.Clear();
                break;
            case "copy from a position":
            {
                var destination = new byte[4];
                Assert.Equal(4, buffer.CopyTo(3, destination));
                Assert.Equal(Bytes(3, 4), destination);
                break;
            }

            case "overwrite at a position":
                buffer.Write(2, Bytes(70, 3));
                model.RemoveRange(2, 3);
                model.InsertRange(2, Bytes(70, 3));
                break;
            case "overwrite past the end":
                buffer.Write(6, Bytes(70, 20));
                model.RemoveRange(6, 4);
                model.AddRange(Bytes(70, 20));
                break;
            case "shrink":
                buffer.SetLength(3);
                model.RemoveRange(3, 7);
                break;
            case "shrink to nothing":
                buffer.SetLength(0);
                model.Clear();
                break;
            case "grow within the chunk":
                buffer.SetLength(14);
                model.AddRange(new byte[4]);
                break;
            case "grow past the chunk":
                buffer.SetLength(40);
                model.AddRange(new byte[30]);
                break;
            case "reserve past the chunk":
                buffer.EnsureCapacity(50);
                Assert.True(buffer.Capacity >= 50);
                break;
            case "reset keeping chunks":
                buffer.Clear();
                model.Clear();
                break;
            case "reset":
                buffer.Reset();
                model.Clear();
                break;
            case "to array":
                Assert.Equal(model.ToArray(), buffer.ToArray());
                break;
            case "sequence":
                Assert.Equal(model.ToArray(), buffer.GetReadOnlySequence().ToArray());
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(operation), operation, null);
        }
    }

    private static void Append(SegmentedBuffer<byte> buffer, List<byte> model, int first, int count)
    {
        byte[] bytes = Bytes(first, count);
        buffer.Write(bytes);
        model.AddRange(bytes);
    }

    private static byte[] Bytes(int first, int count) => Enumerable.Range(first, count).Select(i => (byte)i).ToArray();
}

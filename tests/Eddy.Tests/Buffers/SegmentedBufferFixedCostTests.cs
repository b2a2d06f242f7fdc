using System;
using System.Linq;
using System.Runtime.InteropServices;
using System.Threading;
using Eddy.Buffers;
using Eddy.Pooling;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Buffers;

/// <summary>
/// The per-thread spares that keep a small SegmentedBuffer's create-use-dispose cycle cheap: the chunk list with
/// its first segment (the kit), a segment object, and the direct path to the default byte pool.
/// </summary>
public class SegmentedBufferFixedCostTests
{
    [Fact]
    public void A_first_chunk_kit_is_a_cleared_segment_in_an_otherwise_empty_list()
    {
        FreshThread.Run(() =>
        {
            AssertFreshKit(ChunkSlots<byte>.RentWithSegment());
        });
    }

    [Fact]
    public void A_kit_given_back_is_handed_out_again_on_the_same_thread_and_only_once()
    {
        FreshThread.Run(() =>
        {
            BufferSegment<byte>[] kit = ChunkSlots<byte>.RentWithSegment();
            BufferSegment<byte> segment = kit[0];
            ChunkSlots<byte>.ReturnWithSegment(kit);

            BufferSegment<byte>[] again = ChunkSlots<byte>.RentWithSegment();
            Assert.Same(kit, again);
            Assert.Same(segment, again[0]);

            // The kit is taken: the next one is another list with another segment, as clean.
            BufferSegment<byte>[] other = ChunkSlots<byte>.RentWithSegment();
            Assert.NotSame(kit, other);
            Assert.NotSame(segment, other[0]);
            AssertFreshKit(other);
        });
    }

    [Fact]
    public void A_thread_keeps_one_kit_and_sends_the_segment_of_another_to_the_segment_pool()
    {
        FreshThread.Run(() =>
        {
            BufferSegment<byte>[] first = ChunkSlots<byte>.RentWithSegment();
            BufferSegment<byte>[] second = ChunkSlots<byte>.RentWithSegment();
            BufferSegment<byte> secondSegment = second[0];
            ChunkSlots<byte>.ReturnWithSegment(first);
            ChunkSlots<byte>.ReturnWithSegment(second);

            Assert.Null(second[0]);
            Assert.Same(secondSegment, BufferSegmentPool<byte>.Rent());
            Assert.Same(first, ChunkSlots<byte>.RentWithSegment());
        });
    }

    [Fact]
    public void A_longer_list_is_never_kept_as_the_kit()
    {
        FreshThread.Run(() =>
        {
            BufferSegment<byte>[] longer = ChunkSlots<byte>.Rent(40);
            Assert.True(longer.Length >= 40);
            Assert.All(longer, s => Assert.Null(s));
            BufferSegment<byte> segment = BufferSegmentPool<byte>.Rent();
            longer[0] = segment;
            ChunkSlots<byte>.ReturnWithSegment(longer);

            Assert.Null(longer[0]);
            Assert.Same(segment, BufferSegmentPool<byte>.Rent());
            BufferSegment<byte>[] kit = ChunkSlots<byte>.RentWithSegment();
            Assert.NotSame(longer, kit);
            Assert.Equal(ChunkSlots<byte>.MinimumLength, kit.Length);

            // The longer list went back to the shared pool, which gives this thread its last one of a size first.
            Assert.Same(longer, ChunkSlots<byte>.Rent(40));
        });
    }

    [Fact]
    public void Chunk_lists_come_back_cleared()
    {
        FreshThread.Run(() =>
        {
            BufferSegment<byte>[] slots = ChunkSlots<byte>.Rent(1);
            Assert.Equal(ChunkSlots<byte>.MinimumLength, slots.Length);
            slots[0] = new BufferSegment<byte>();
            slots[15] = new BufferSegment<byte>();
            ChunkSlots<byte>.Return(slots);
            Assert.All(slots, s => Assert.Null(s));
        });
    }

    [Fact]
    public void A_disposed_buffer_gives_its_list_and_first_segment_back_as_the_thread_s_kit()
    {
        // Ints on ArrayPool<int>.Shared, whose arrays are as short as asked: three chunks of 16.
        FreshThread.Run(() =>
        {
            var buffer = new SegmentedBuffer<int>(initialChunkLength: 16, maximumChunkLength: 16);
            buffer.Write(new int[40]);
            var first = (BufferSegment<int>)buffer.GetReadOnlySequence().Start.GetObject()!;
            Assert.Equal(3, buffer.ChunkCount);
            buffer.Dispose();

            BufferSegment<int>[] kit = ChunkSlots<int>.RentWithSegment();
            Assert.Same(first, kit[0]);
            AssertFreshKit(kit);

            // The buffer's first chunk came from that kit: the next buffer on the thread starts with the same segment.
            ChunkSlots<int>.ReturnWithSegment(kit);
            using var next = new SegmentedBuffer<int>(initialChunkLength: 16, maximumChunkLength: 16);
            next.Write(new int[20]);
            Assert.Same(first, next.GetReadOnlySequence().Start.GetObject());
        });
    }

    [Fact]
    public void A_buffer_reset_to_no_chunks_still_gives_its_list_back_on_dispose()
    {
        FreshThread.Run(() =>
        {
            var buffer = new SegmentedBuffer<byte>(initialChunkLength: 16, maximumChunkLength: 16);
            buffer.Write(new byte[40]);
            buffer.Reset();
            Assert.Equal(0, buffer.ChunkCount);
            buffer.Dispose();

            // No first segment to keep: the list went back to the shared pool cleared, and the kit the buffer took
            // was not given back, so a fresh one is made.
            AssertFreshKit(ChunkSlots<byte>.RentWithSegment());
        });
    }

    /// <summary>A list of the smallest length, a cleared segment first and nothing else.</summary>
    private static void AssertFreshKit<T>(BufferSegment<T>[] kit)
    {
        Assert.Equal(ChunkSlots<T>.MinimumLength, kit.Length);
        AssertCleared(kit[0]);
        Assert.All(kit.Skip(1), s => Assert.Null(s));
    }

    private static void AssertCleared<T>(BufferSegment<T> segment)
    {
        Assert.NotNull(segment);
        Assert.Empty(segment.Array);
        Assert.Equal(0, segment.Count);
        Assert.Equal(0, segment.Start);
        Assert.Null(segment.Next);
        Assert.True(segment.Memory.IsEmpty);
    }

    [Fact]
    public void A_thread_keeps_its_last_segments_and_sends_the_rest_to_the_shared_stack()
    {
        // A type of its own, so no test running in parallel shares this pool.
        int count = BufferSegmentPool<SegmentPoolProbe>.ThreadCapacity + 1;
        var segments = new BufferSegment<SegmentPoolProbe>[count];
        FreshThread.Run(() =>
        {
            for (int i = 0; i < count; i++)
            {
                segments[i] = BufferSegmentPool<SegmentPoolProbe>.Rent();
            }

            Assert.Equal(count, segments.Distinct().Count());
            foreach (BufferSegment<SegmentPoolProbe> segment in segments)
            {
                BufferSegmentPool<SegmentPoolProbe>.Return(segment);
            }

            // The thread's own stack hands its segments back last in, first out; the one past its capacity is not there.
            for (int i = count - 2; i >= 0; i--)
            {
                Assert.Same(segments[i], BufferSegmentPool<SegmentPoolProbe>.Rent());
            }
        });

        FreshThread.Run(() => Assert.Same(segments[count - 1], BufferSegmentPool<SegmentPoolProbe>.Rent()));
    }

    private struct SegmentPoolProbe;

    [Fact]
    public void A_segment_object_returned_on_a_thread_is_handed_out_again_there()
    {
        FreshThread.Run(() =>
        {
            BufferSegment<int> first = BufferSegmentPool<int>.Rent();
            BufferSegmentPool<int>.Return(first);
            Assert.Same(first, BufferSegmentPool<int>.Rent());
        });
    }

    [Fact]
    public void Buffers_disposed_on_another_thread_keep_their_content_intact_until_then()
    {
        // The spare of one thread must never be handed to two owners: many buffers built on one thread and
        // disposed on another, content checked before each dispose.
        var buffers = new SegmentedBuffer<byte>[200];
        FreshThread.Run(() =>
        {
            for (int i = 0; i < buffers.Length; i++)
            {
                buffers[i] = new SegmentedBuffer<byte>(initialChunkLength: 16, maximumChunkLength: 16);
                buffers[i].Write(Enumerable.Repeat((byte)i, 40).ToArray());
            }
        });

        FreshThread.Run(() =>
        {
            for (int i = 0; i < buffers.Length; i++)
            {
                Assert.Equal(Enumerable.Repeat((byte)i, 40).ToArray(), buffers[i].ToArray());
                buffers[i].Dispose();
                using var fresh = new SegmentedBuffer<byte>(initialChunkLength: 16, maximumChunkLength: 16);
                fresh.Write(new byte[40]);
                Assert.Equal(new byte[40], fresh.ToArray());
            }
        });
    }

    [Fact]
    public void A_small_buffer_allocates_only_its_own_object_in_steady_state()
    {
        AllocationAssert.AtMostInSteadyState(104, () =>
        {
            using var buffer = new SegmentedBuffer<byte>();
            buffer.GetSpan(8);
            buffer.Advance(8);
        });
    }

    [Fact]
    public void Byte_buffers_on_the_default_pool_give_their_chunks_back_to_the_block_pool()
    {
        byte[] chunk;
        using (var buffer = new SegmentedBuffer<byte>())
        {
            buffer.Write(new byte[100]);
            Assert.True(MemoryMarshal.TryGetArray(buffer.GetReadOnlySequence().First, out ArraySegment<byte> segment));
            chunk = segment.Array!;
        }

        // Already back in BlockPool.Shared: a second return is caught by its double-return check.
        Assert.Throws<InvalidOperationException>(() => BlockPool.Shared.Return(chunk));
    }
}

using System;
using System.Linq;
using System.Runtime.InteropServices;
using System.Threading;
using Eddy.Buffers;
using Eddy.Pooling;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Buffers;

/// <summary>
/// The per-thread spares that keep a small SegmentedBuffer's create-use-dispose cycle cheap: the chunk list and
/// one segment object, and the direct path to the default byte pool.
/// </summary>
public class SegmentedBufferFixedCostTests
{
    [Fact]
    public void Chunk_slots_come_back_cleared_and_are_reused_on_the_same_thread()
    {
        FreshThread.Run(() =>
        {
            BufferSegment<byte>[] slots = ChunkSlots<byte>.Rent(1);
            Assert.Equal(ChunkSlots<byte>.MinimumLength, slots.Length);
            Assert.All(slots, s => Assert.Null(s));

            slots[0] = new BufferSegment<byte>();
            slots[15] = new BufferSegment<byte>();
            ChunkSlots<byte>.Return(slots);

            BufferSegment<byte>[] again = ChunkSlots<byte>.Rent(16);
            Assert.Same(slots, again);
            Assert.All(again, s => Assert.Null(s));

            // The spare is taken: the next one comes from the shared pool, and is as clean.
            BufferSegment<byte>[] other = ChunkSlots<byte>.Rent(3);
            Assert.NotSame(slots, other);
            Assert.True(other.Length >= ChunkSlots<byte>.MinimumLength);
            Assert.All(other, s => Assert.Null(s));
        });
    }

    [Fact]
    public void Longer_chunk_lists_skip_the_spare()
    {
        FreshThread.Run(() =>
        {
            BufferSegment<byte>[] small = ChunkSlots<byte>.Rent(1);
            ChunkSlots<byte>.Return(small);

            BufferSegment<byte>[] large = ChunkSlots<byte>.Rent(40);
            Assert.True(large.Length >= 40);
            Assert.NotSame(small, large);
            Assert.Same(small, ChunkSlots<byte>.Rent(1));
        });
    }

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

using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using Eddy.Buffers;
using Eddy.Internal;
using Eddy.Pooling;

namespace Eddy.Tests.Internal;

/// <summary>
/// A growth that copies 64 KiB or more looks at where the new block sits: at 1-63 bytes above the old one modulo
/// 4 KiB, <c>memmove</c> is slow, so the writer and the contiguous stream rent up to two more blocks and keep one
/// that is not there. The blocks here are pinned, so their distances are the real ones.
/// </summary>
[Collection(MemoryLayoutCollection.Name)]
public class GrowthPlacementTests
{
    private const int OldLength = 64 * 1024;
    private const int GrownLength = 128 * 1024;

    /// <summary>A pool that hands out prepared arrays in order and records what comes back.</summary>
    private sealed class PlacedPool : ArrayPool<byte>
    {
        private readonly Queue<byte[]> _next;

        public PlacedPool(params byte[][] arrays)
        {
            _next = new Queue<byte[]>(arrays);
        }

        public List<byte[]> Returned { get; } = [];

        public int Rents { get; private set; }

        public override byte[] Rent(int minimumLength)
        {
            Rents++;
            if (_next.Count == 0)
            {
                throw new InvalidOperationException("The test prepared no more arrays.");
            }

            // A misbehaving pool's short array is handed out as it is: the writer must notice.
            return _next.Dequeue();
        }

        public override void Return(byte[] array, bool clearArray = false) => Returned.Add(array);
    }

    private static long Distance(byte[] from, byte[] to) =>
        ((long)Marshal.UnsafeAddrOfPinnedArrayElement(to, 0) - (long)Marshal.UnsafeAddrOfPinnedArrayElement(from, 0)) & 4095;

    /// <summary>
    /// A pinned array of <paramref name="length"/> bytes whose distance from <paramref name="source"/>, modulo 4 KiB,
    /// satisfies <paramref name="wanted"/>. Pinned arrays allocated in a row sit a fixed gap apart, so a few tries
    /// find both kinds; a spacer of another length shifts the sequence when they do not.
    /// </summary>
    private static byte[] PinnedAt(byte[] source, int length, Func<long, bool> wanted, List<byte[]> keepAlive)
    {
        for (int attempt = 0; attempt < 500; attempt++)
        {
            byte[] candidate = GC.AllocateUninitializedArray<byte>(length, pinned: true);
            if (wanted(Distance(source, candidate)))
            {
                return candidate;
            }

            keepAlive.Add(candidate);
            keepAlive.Add(GC.AllocateUninitializedArray<byte>(8 * (1 + (attempt % 7)), pinned: true));
        }

        throw new InvalidOperationException("No pinned array landed at the wanted distance.");
    }

    private static bool Slow(long distance) => distance is > 0 and < BlockCopy.SlowMemmoveDistanceLimit;

    private static bool Safe(long distance) => !Slow(distance);

    private static byte[] Pattern(int length)
    {
        var bytes = new byte[length];
        new Random(length).NextBytes(bytes);
        return bytes;
    }

    private static byte[] WriterArray(PooledBufferWriter<byte> writer)
    {
        Assert.True(MemoryMarshal.TryGetArray<byte>(writer.GetMemory(1), out ArraySegment<byte> segment));
        return segment.Array!;
    }

    [Theory]
    [InlineData(0, false)]
    [InlineData(1, true)]
    [InlineData(24, true)]
    [InlineData(56, true)]
    [InlineData(63, true)]
    [InlineData(64, false)]
    [InlineData(4072, false)]
    [InlineData(4096 + 24, true)]
    [InlineData(-4096 + 24, true)]
    [InlineData(-24, false)]
    public void Slow_distances_are_1_to_63_bytes_above_the_source_modulo_4_KiB(long distance, bool slow) =>
        Assert.Equal(slow, BlockCopy.IsSlowMemmoveDistance(distance));

    [Fact]
    public void AtSlowMemmoveDistance_reads_the_real_addresses()
    {
        var keep = new List<byte[]>();
        byte[] source = GC.AllocateUninitializedArray<byte>(OldLength, pinned: true);
        byte[] slow = PinnedAt(source, GrownLength, Slow, keep);
        byte[] safe = PinnedAt(source, GrownLength, Safe, keep);

        Assert.True(BlockCopy.AtSlowMemmoveDistance(source, slow));
        Assert.False(BlockCopy.AtSlowMemmoveDistance(source, safe));
        Assert.False(BlockCopy.AtSlowMemmoveDistance(source, source));
        Assert.False(BlockCopy.AtSlowMemmoveDistance([], safe));
        GC.KeepAlive(keep);
    }

    /// <summary>
    /// A writer whose first block holds <paramref name="capacity"/> bytes, with <paramref name="length"/> of them
    /// written (all by default), so the next span past it needs a growth that copies what was written.
    /// </summary>
    private static (PooledBufferWriter<byte> Writer, byte[] Data) FullWriter(PlacedPool pool, int capacity = OldLength, int? length = null)
    {
        int written = length ?? capacity;
        var writer = new PooledBufferWriter<byte>(pool, capacity);
        byte[] data = Pattern(written);
        data.CopyTo(writer.GetSpan(written));
        writer.Advance(written);
        return (writer, data);
    }


    /// <summary>
    /// The writer's growth over blocks that sit at a slow distance from its old block (as many as
    /// <paramref name="slowBlocks"/>), followed by one at a safe distance when <paramref name="thenSafe"/>: it keeps
    /// the first safe block among the first three, or the first block when all three are slow, and returns the rest.
    /// </summary>
    [Theory]
    [InlineData(0, true)]
    [InlineData(1, true)]
    [InlineData(2, true)]
    [InlineData(3, false)]
    public void Writer_keeps_the_first_of_three_blocks_that_is_not_at_a_slow_distance(int slowBlocks, bool thenSafe)
    {
        var keep = new List<byte[]>();
        byte[] old = GC.AllocateUninitializedArray<byte>(OldLength, pinned: true);
        var candidates = new List<byte[]>();
        for (int i = 0; i < slowBlocks; i++)
        {
            candidates.Add(PinnedAt(old, GrownLength, Slow, keep));
        }

        if (thenSafe)
        {
            candidates.Add(PinnedAt(old, GrownLength, Safe, keep));
        }

        var pool = new PlacedPool([old, .. candidates]);
        var (writer, data) = FullWriter(pool);

        writer.GetSpan(1);

        byte[] kept = thenSafe ? candidates[^1] : candidates[0];
        Assert.Same(kept, WriterArray(writer));
        Assert.Equal(data, writer.WrittenSpan.ToArray());
        Assert.Equal(1 + candidates.Count, pool.Rents);
        Assert.Equal([.. candidates.FindAll(c => c != kept), old], pool.Returned);
        writer.Dispose();
        Assert.Same(kept, pool.Returned[^1]);
        GC.KeepAlive(keep);
    }

    [Fact]
    public void Writer_rents_once_for_a_copy_shorter_than_64_KiB_wherever_the_block_sits()
    {
        var keep = new List<byte[]>();
        byte[] old = GC.AllocateUninitializedArray<byte>(OldLength, pinned: true);
        byte[] slow = PinnedAt(old, GrownLength, Slow, keep);
        var pool = new PlacedPool(old, slow);
        var (writer, data) = FullWriter(pool, length: BlockCopy.PlacedCopyLength - 1);

        writer.GetSpan(OldLength);

        Assert.Same(slow, WriterArray(writer));
        Assert.Equal(2, pool.Rents);
        Assert.Equal(data, writer.WrittenSpan.ToArray());
        writer.Dispose();
        GC.KeepAlive(keep);
    }

    [Fact]
    public void Writer_rents_once_for_a_block_longer_than_the_pool_keeps()
    {
        var keep = new List<byte[]>();
        int oldLength = BlockPoolOptions.DefaultMaximumBlockLength;
        byte[] old = GC.AllocateUninitializedArray<byte>(oldLength, pinned: true);
        byte[] slow = PinnedAt(old, 2 * oldLength, Slow, keep);
        var pool = new PlacedPool(old, slow);
        var (writer, _) = FullWriter(pool, oldLength);

        writer.GetSpan(1);

        Assert.Same(slow, WriterArray(writer));
        Assert.Equal(2, pool.Rents);
        Assert.Equal(oldLength, CopyDestination.LongestPlacedBlock(pool));
        Assert.Equal(4 << 20, CopyDestination.LongestPlacedBlock(new BlockPool(new BlockPoolOptions { MaximumBlockLength = 4 << 20 })));
        writer.Dispose();
        GC.KeepAlive(keep);
    }

    [Fact]
    public void A_block_exactly_as_long_as_the_pool_keeps_is_still_chosen()
    {
        var keep = new List<byte[]>();
        int grownLength = BlockPoolOptions.DefaultMaximumBlockLength;
        byte[] old = GC.AllocateUninitializedArray<byte>(grownLength / 2, pinned: true);
        byte[] slow = PinnedAt(old, grownLength, Slow, keep);
        byte[] safe = PinnedAt(old, grownLength, Safe, keep);
        var pool = new PlacedPool(old, slow, safe);
        var (writer, _) = FullWriter(pool, old.Length);

        writer.GetSpan(1);

        Assert.Same(safe, WriterArray(writer));
        Assert.Equal([slow, old], pool.Returned);
        writer.Dispose();
        GC.KeepAlive(keep);
    }

    [Fact]
    public void A_candidate_shorter_than_the_first_block_is_never_kept()
    {
        var keep = new List<byte[]>();
        byte[] old = GC.AllocateUninitializedArray<byte>(OldLength, pinned: true);
        byte[] slow = PinnedAt(old, GrownLength, Slow, keep);
        byte[] shortSafe = PinnedAt(old, OldLength, Safe, keep);
        byte[] safe = PinnedAt(old, GrownLength, Safe, keep);
        var pool = new PlacedPool(old, slow, shortSafe, safe);
        var (writer, data) = FullWriter(pool);

        writer.GetSpan(1);

        Assert.Same(safe, WriterArray(writer));
        Assert.Equal(data, writer.WrittenSpan.ToArray());
        Assert.Equal([slow, shortSafe, old], pool.Returned);
        writer.Dispose();
        GC.KeepAlive(keep);
    }

    [Fact]
    public void An_empty_array_is_at_no_distance_from_anything()
    {
        // An array whose own address is 1-63 bytes past a page boundary: measured from a null pointer (what fixed
        // gives for an empty array), it would look slow.
        var keep = new List<byte[]>();
        byte[]? nearPage = null;
        for (int attempt = 0; attempt < 2000 && nearPage is null; attempt++)
        {
            byte[] candidate = GC.AllocateUninitializedArray<byte>(64 + (8 * (attempt % 13)), pinned: true);
            if (Slow((long)Marshal.UnsafeAddrOfPinnedArrayElement(candidate, 0) & 4095))
            {
                nearPage = candidate;
            }
            else
            {
                keep.Add(candidate);
            }
        }

        Assert.NotNull(nearPage);
        Assert.False(BlockCopy.AtSlowMemmoveDistance([], nearPage));
        Assert.False(BlockCopy.AtSlowMemmoveDistance(nearPage, []));
        GC.KeepAlive(keep);
    }

    [Fact]
    public void A_failed_second_rent_returns_the_first_block_and_leaves_the_writer_as_it_was()
    {
        var keep = new List<byte[]>();
        byte[] old = GC.AllocateUninitializedArray<byte>(OldLength, pinned: true);
        byte[] slow = PinnedAt(old, GrownLength, Slow, keep);
        var pool = new PlacedPool(old, slow);
        var (writer, data) = FullWriter(pool);

        Assert.Throws<InvalidOperationException>(() => writer.GetSpan(1));

        Assert.Equal([slow], pool.Returned);
        Assert.True(MemoryMarshal.TryGetArray(writer.WrittenMemory, out ArraySegment<byte> written));
        Assert.Same(old, written.Array);
        Assert.Equal(data, writer.WrittenSpan.ToArray());
        Assert.Equal(OldLength, writer.Length);
        writer.Dispose();
        Assert.Equal([slow, old], pool.Returned);
        GC.KeepAlive(keep);
    }

    [Fact]
    public void A_pool_that_hands_out_the_same_block_twice_never_gets_the_kept_block_back()
    {
        var keep = new List<byte[]>();
        byte[] old = GC.AllocateUninitializedArray<byte>(OldLength, pinned: true);
        byte[] slow = PinnedAt(old, GrownLength, Slow, keep);
        var pool = new PlacedPool(old, slow, slow, slow);
        var (writer, data) = FullWriter(pool);

        writer.GetSpan(1);

        Assert.Same(slow, WriterArray(writer));
        Assert.Equal([old], pool.Returned);
        Assert.Equal(data, writer.WrittenSpan.ToArray());
        writer.Dispose();
        GC.KeepAlive(keep);
    }

    [Fact]
    public void Contiguous_stream_keeps_a_block_at_a_safe_distance_when_it_grows()
    {
        var keep = new List<byte[]>();
        byte[] old = GC.AllocateUninitializedArray<byte>(OldLength, pinned: true);
        byte[] slow = PinnedAt(old, GrownLength, Slow, keep);
        byte[] safe = PinnedAt(old, GrownLength, Safe, keep);
        var pool = new PlacedPool(old, slow, safe);
        var options = new PooledMemoryStreamOptions { Pool = pool, Mode = PooledMemoryStreamMode.Contiguous, InitialCapacity = OldLength };
        Assert.Equal(OldLength, options.InitialCapacity);
        byte[] data = Pattern(OldLength + 1);
        using (var stream = new PooledMemoryStream(options))
        {
            stream.Write(data, 0, OldLength);
            stream.WriteByte(data[OldLength]);

            Assert.True(stream.TryGetBuffer(out ArraySegment<byte> buffer));
            Assert.Same(safe, buffer.Array);
            Assert.Equal(data, stream.ToArray());
            Assert.Equal([slow, old], pool.Returned);
        }

        Assert.Equal([slow, old, safe], pool.Returned);
        GC.KeepAlive(keep);
    }
}

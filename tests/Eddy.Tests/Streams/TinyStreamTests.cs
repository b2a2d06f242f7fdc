using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Eddy.Pooling;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Streams;

/// <summary>
/// The short-lived default stream: its small object, the first-write shortcut and where its options live.
/// </summary>
public class TinyStreamTests
{
    [Fact]
    public void Default_stream_reports_the_shared_default_options()
    {
        using var stream = new PooledMemoryStream();
        Assert.Same(PooledMemoryStreamOptions.Default, stream.Options);

        using var explicitNull = new PooledMemoryStream((PooledMemoryStreamOptions?)null);
        Assert.Same(PooledMemoryStreamOptions.Default, explicitNull.Options);
    }

    [Fact]
    public void A_default_stream_object_is_56_bytes_in_a_64_bit_process()
    {
        // As small as PooledStream's: a loop of short streams allocates the object and its copy, so every word counts.
        if (!Environment.Is64BitProcess)
        {
            return;
        }

        var streams = new PooledMemoryStream[100];
        long least = long.MaxValue;
        for (int round = 0; round < 5; round++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < streams.Length; i++)
            {
                streams[i] = new PooledMemoryStream();
            }

            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        Assert.Equal(56 * streams.Length, least);
        GC.KeepAlive(streams);
    }

    [Fact]
    public void Custom_options_are_kept_as_given()
    {
        var options = new PooledMemoryStreamOptions { InitialCapacity = 1000 };
        using var stream = new PooledMemoryStream(options);
        Assert.Same(options, stream.Options);
    }

    [Fact]
    public void Read_only_stream_reports_contiguous_options_and_memory_stream_limits()
    {
        using var stream = new PooledMemoryStream(new byte[] { 1, 2, 3 });
        Assert.Equal(PooledMemoryStreamMode.Contiguous, stream.Options.Mode);
        Assert.Null(stream.Options.Pool);

        stream.Position = int.MaxValue;
        Assert.Throws<ArgumentOutOfRangeException>("value", () => stream.Position = int.MaxValue + 1L);
        Assert.Throws<ArgumentOutOfRangeException>("offset", () => stream.Seek(int.MaxValue + 1L, SeekOrigin.Begin));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(100)]
    [InlineData(256)]
    [InlineData(257)]
    [InlineData(4096)]
    [InlineData(PooledMemoryStreamOptions.DefaultSegmentThreshold)]
    [InlineData(PooledMemoryStreamOptions.DefaultSegmentThreshold + 1)]
    public void First_write_of_any_size_matches_memory_stream(int size)
    {
        byte[] data = Enumerable.Range(0, size).Select(i => unchecked((byte)(i * 7 + 3))).ToArray();
        using var stream = new PooledMemoryStream();
        var reference = new MemoryStream();

        stream.Write(data, 0, data.Length);
        reference.Write(data, 0, data.Length);
        stream.Write(data, 0, Math.Min(5, data.Length));
        reference.Write(data, 0, Math.Min(5, data.Length));

        Assert.Equal(reference.Length, stream.Length);
        Assert.Equal(reference.Position, stream.Position);
        Assert.Equal(reference.ToArray(), stream.ToArray());
        Assert.Equal(stream.Length <= PooledMemoryStreamOptions.DefaultSegmentThreshold, stream.IsContiguous);
        if (size > 0 && stream.IsContiguous)
        {
            Assert.True(stream.TryGetBuffer(out ArraySegment<byte> buffer));
            Assert.True(buffer.Array!.Length >= PooledMemoryStreamOptions.MinimumRentLength);
        }
    }

    [Fact]
    public void First_write_past_the_position_fills_the_gap_with_zeros()
    {
        // A stale pooled block must not leak its old bytes into the gap.
        byte[] dirty = BlockPool.Shared.Rent(256);
        dirty.AsSpan().Fill(0xEE);
        BlockPool.Shared.Return(dirty);

        using var stream = new PooledMemoryStream();
        stream.Position = 10;
        stream.Write(new byte[] { 1, 2, 3 }, 0, 3);

        Assert.Equal(new byte[10].Concat(new byte[] { 1, 2, 3 }).ToArray(), stream.ToArray());
    }

    [Fact]
    public void First_write_after_reset_and_after_dispose_follow_the_general_rules()
    {
        using var stream = new PooledMemoryStream();
        stream.Write(new byte[300], 0, 300);
        stream.Reset();
        stream.Write(new byte[] { 9 }, 0, 1);
        Assert.Equal(new byte[] { 9 }, stream.ToArray());

        stream.Dispose();
        Assert.Throws<ObjectDisposedException>(() => stream.Write(new byte[] { 1 }, 0, 1));
    }

    [Fact]
    public void First_write_with_a_custom_pool_rents_from_that_pool()
    {
        var pool = new CountingPool();
        using (var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool }))
        {
            stream.Write(new byte[100], 0, 100);
            Assert.Equal(1, pool.Rents);
            Assert.Equal(PooledMemoryStreamOptions.DefaultInitialCapacity, pool.LastRequest);
        }

        Assert.Equal(1, pool.Returns);
    }

    [Theory]
    [InlineData(PooledMemoryStreamMode.Auto)]
    [InlineData(PooledMemoryStreamMode.Contiguous)]
    public void Small_stream_grows_fourfold_up_to_the_default_threshold_then_doubles(PooledMemoryStreamMode mode)
    {
        var pool = new CountingPool();
        var options = new PooledMemoryStreamOptions { Mode = mode, Pool = pool };
        using var stream = new PooledMemoryStream(options);
        byte[] piece = Enumerable.Range(0, 1024).Select(i => unchecked((byte)i)).ToArray();
        var requests = new List<int>();
        for (int i = 0; i < 64; i++)
        {
            int before = pool.Rents;
            stream.Write(piece, 0, piece.Length);
            if (pool.Rents != before)
            {
                requests.Add(pool.LastRequest);
            }
        }

        // 4 KiB, then 16 KiB and 64 KiB: two copies of what was written, where doubling from 4 KiB would make four.
        Assert.Equal(new[] { 4096, 16384, 65536 }, requests);
        if (mode == PooledMemoryStreamMode.Contiguous)
        {
            stream.Write(piece, 0, piece.Length);
            Assert.Equal(131072, pool.LastRequest);
        }

        Assert.Equal(64 * 1024 + (mode == PooledMemoryStreamMode.Contiguous ? 1024 : 0), stream.Length);
    }

    [Theory]
    [InlineData(PooledMemoryStreamMode.Auto, 0, 10, PooledMemoryStreamOptions.DefaultInitialCapacity)]
    [InlineData(PooledMemoryStreamMode.Auto, 100, 10, PooledMemoryStreamOptions.MinimumRentLength)]
    [InlineData(PooledMemoryStreamMode.Auto, 1000, 10, 1000)]
    [InlineData(PooledMemoryStreamMode.Auto, 0, 5000, 5000)]
    [InlineData(PooledMemoryStreamMode.Contiguous, 3000, 10, 3000)]
    [InlineData(PooledMemoryStreamMode.Contiguous, 0, 20_000, 20_000)]
    [InlineData(PooledMemoryStreamMode.Auto, 100_000, 10, 100_000)]
    [InlineData(PooledMemoryStreamMode.Segmented, 100_000, 10, 100_000)]
    public void First_write_with_custom_options_rents_what_the_growth_rule_gives(
        PooledMemoryStreamMode mode, int initialCapacity, int count, int expectedRequest)
    {
        var pool = new CountingPool();
        var options = new PooledMemoryStreamOptions { Mode = mode, InitialCapacity = initialCapacity, Pool = pool };
        byte[] data = Enumerable.Range(0, count).Select(i => unchecked((byte)i)).ToArray();
        using var stream = new PooledMemoryStream(options);

        stream.Write(data, 0, data.Length);

        Assert.Equal(1, pool.Rents);
        Assert.Equal(expectedRequest, pool.LastRequest);
        Assert.True(stream.IsContiguous);
        Assert.Equal(data, stream.ToArray());
    }

    [Fact]
    public void Default_stream_that_writes_and_disposes_allocates_only_its_small_object()
    {
        byte[] data = new byte[100];
        AllocationAssert.AtMostInSteadyState(72, () =>
        {
            using var stream = new PooledMemoryStream();
            stream.Write(data, 0, data.Length);
        });
    }

    [Theory]
    [InlineData(PooledMemoryStreamMode.Auto)]
    [InlineData(PooledMemoryStreamMode.Contiguous)]
    public void Stream_with_its_own_options_that_writes_and_disposes_allocates_only_its_small_object(PooledMemoryStreamMode mode)
    {
        // Options other than the defaults are held without a side object, so they cost no allocation either.
        var options = new PooledMemoryStreamOptions { Mode = mode, InitialCapacity = 512, ClearOnReturn = true };
        byte[] data = new byte[100];
        AllocationAssert.AtMostInSteadyState(72, () =>
        {
            using var stream = new PooledMemoryStream(options);
            stream.Write(data, 0, data.Length);
            Assert.Same(options, stream.Options);
        });
    }

    [Fact]
    public void EnsureCapacity_within_the_threshold_rents_one_array_and_stays_contiguous()
    {
        var pool = new CountingPool();
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool });

        stream.EnsureCapacity(1000);

        Assert.Equal(1, pool.Rents);
        Assert.True(stream.IsContiguous);
        Assert.False(stream.IsRescueArmed);
        Assert.Equal(0, stream.Length);
    }

    [Fact]
    public void EnsureCapacity_past_a_contiguous_streams_maximum_length_throws_before_renting()
    {
        var pool = new CountingPool();
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool, Mode = PooledMemoryStreamMode.Contiguous });

        Assert.Throws<ArgumentOutOfRangeException>("capacity", () => stream.EnsureCapacity((long)int.MaxValue + 1));
        Assert.Throws<ArgumentOutOfRangeException>("capacity", () => stream.EnsureCapacity(-1));

        Assert.Equal(0, pool.Rents);
    }

    private sealed class CountingPool : ArrayPool<byte>
    {
        public int Rents { get; private set; }

        public int Returns { get; private set; }

        public int LastRequest { get; private set; }

        public override byte[] Rent(int minimumLength)
        {
            Rents++;
            LastRequest = minimumLength;
            return new byte[Math.Max(minimumLength, 16)];
        }

        public override void Return(byte[] array, bool clearArray = false) => Returns++;
    }
}

using System;
using System.Buffers;
using System.Text.Json;
using Eddy.Buffers;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Buffers;

/// <summary>Every rented array comes back exactly once, including when something throws halfway.</summary>
public class BufferPoolingTests
{
    [Fact]
    public void A_failed_rent_leaves_the_segmented_buffer_consistent_and_every_chunk_returned()
    {
        var pool = new TrackingArrayPool<byte> { FailAfterRents = 3 };
        var data = new byte[1000];
        new Random(1).NextBytes(data);
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 16))
        {
            Assert.Throws<InsufficientMemoryException>(() => buffer.Write(data));
            // Rent first, copy second: the failed write left nothing behind.
            Assert.Equal(0, buffer.Length);
            Assert.Empty(buffer.ToArray());
            Assert.Throws<InsufficientMemoryException>(() => buffer.GetSpan(100));
            Assert.Throws<InsufficientMemoryException>(() => buffer.EnsureCapacity(1000));
            Assert.Throws<InsufficientMemoryException>(() => buffer.SetLength(1000));
            Assert.Equal(3, buffer.ChunkCount);
            pool.FailAfterRents = -1;
            buffer.Write(data);
            Assert.Equal(data, buffer.ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void A_serializer_that_throws_halfway_leaks_nothing()
    {
        var pool = new TrackingArrayPool<byte>();
        var buffer = new SegmentedBuffer<byte>(pool, 64, 256);
        var writer = new PooledBufferWriter<byte>(pool, 16);
        try
        {
            Assert.Throws<InvalidOperationException>(() => Serialize(buffer));
            Assert.Throws<InvalidOperationException>(() => Serialize(writer));
            Assert.True(pool.RentCount > 3);
        }
        finally
        {
            buffer.Dispose();
            writer.Dispose();
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void A_failed_growth_keeps_the_contiguous_writers_array()
    {
        var pool = new TrackingArrayPool<byte> { FailAfterRents = 1 };
        using (var writer = new PooledBufferWriter<byte>(pool, 8))
        {
            writer.Write(new byte[] { 1, 2, 3 });
            Assert.Throws<InsufficientMemoryException>(() => writer.GetSpan(100));
            Assert.Equal(new byte[] { 1, 2, 3 }, writer.WrittenSpan.ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Consume_Reset_SetLength_and_Dispose_together_return_each_chunk_once()
    {
        var pool = new TrackingArrayPool<string>();
        using (var buffer = new SegmentedBuffer<string>(pool, 2, 8))
        {
            for (int round = 0; round < 20; round++)
            {
                for (int i = 0; i < 50; i++)
                {
                    buffer.Write(new[] { "x" + i });
                }

                buffer.Consume(17);
                buffer.SetLength(20);
                buffer.EnsureCapacity(100);
                if (round % 2 == 0) { buffer.Clear(); } else { buffer.Reset(); }
            }
        }

        pool.AssertAllReturned();
        // Reference elements are cleared on return so the pool does not keep them alive.
        Assert.All(pool.ClearFlags, Assert.True);
    }

    [Fact]
    public void A_pool_handing_back_a_short_or_covariant_array_is_refused()
    {
        using var segmented = new SegmentedBuffer<byte>(new ShortArrayPool(), 16, 16);
        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => segmented.GetSpan(10));
        Assert.Equal("The pool returned an array that is too short or not exactly of the element type.", error.Message);
        using var contiguous = new PooledBufferWriter<byte>(new ShortArrayPool(), 0);
        Assert.Throws<InvalidOperationException>(() => contiguous.GetSpan(10));
        using var objects = new SegmentedBuffer<object>(new CovariantArrayPool(), 4, 4);
        Assert.Throws<InvalidOperationException>(() => objects.GetSpan());
        using var objectWriter = new PooledBufferWriter<object>(new CovariantArrayPool(), 0);
        Assert.Throws<InvalidOperationException>(() => objectWriter.GetSpan());
    }

    private sealed class ShortArrayPool : ArrayPool<byte>
    {
        public override byte[] Rent(int minimumLength) => new byte[minimumLength / 2];

        public override void Return(byte[] array, bool clearArray = false)
        {
        }
    }

    private sealed class CovariantArrayPool : ArrayPool<object>
    {
        public override object[] Rent(int minimumLength) => new string[minimumLength];

        public override void Return(object[] array, bool clearArray = false)
        {
        }
    }

    private static void Serialize(IBufferWriter<byte> output)
    {
        using var json = new Utf8JsonWriter(output);
        json.WriteStartArray();
        for (int i = 0; i < 500; i++)
        {
            json.WriteStringValue("value number " + i);
        }

        json.Flush();
        throw new InvalidOperationException("simulated failure in the middle of serialization");
    }
}

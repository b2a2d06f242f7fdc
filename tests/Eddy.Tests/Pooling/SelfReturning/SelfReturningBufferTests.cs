using System;
using System.Buffers;
using System.IO;
using System.Threading.Tasks;
using Eddy.Pooling;
using Eddy.Tests.Diagnostics;

namespace Eddy.Tests.Pooling.SelfReturning;

[Collection(LeakTrackingCollection.Name)]
public class SelfReturningBufferTests
{
    private readonly SelfReturningBufferPool _pool = new(new CountingArrayPool());

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(100)]
    [InlineData(4096)]
    [InlineData(70_000)]
    public void Rent_gives_exactly_the_requested_length(int length)
    {
        using SelfReturningBuffer buffer = _pool.Rent(length);
        Assert.Equal(length, buffer.Length);
        Assert.Equal(length, buffer.Span.Length);
        Assert.Equal(length, buffer.Memory.Length);
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(int.MinValue)]
    [InlineData(SelfReturningBufferPool.MaximumBufferLength + 1)]
    public void Rent_rejects_lengths_out_of_range(int length) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => _pool.Rent(length));

    [Fact]
    public void Indexer_reads_what_it_wrote()
    {
        using SelfReturningBuffer buffer = _pool.Rent(300);
        for (int i = 0; i < buffer.Length; i++)
        {
            buffer[i] = (byte)(i * 7);
        }

        for (int i = 0; i < buffer.Length; i++)
        {
            Assert.Equal((byte)(i * 7), buffer[i]);
        }

        Assert.Equal((byte)(5 * 7), buffer.Span[5]);
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(10)]
    [InlineData(16)]
    [InlineData(int.MaxValue)]
    public void Indexer_rejects_indexes_outside_the_length_even_inside_the_array(int index)
    {
        // Length 10 rents a 16-byte array: 10..15 exist in the array but not in the buffer.
        using SelfReturningBuffer buffer = _pool.Rent(10);
        Assert.Throws<IndexOutOfRangeException>(() => buffer[index]);
        Assert.Throws<IndexOutOfRangeException>(() => buffer[index] = 1);
    }

    [Fact]
    public void CopyFrom_then_CopyTo_round_trips_a_range()
    {
        using SelfReturningBuffer buffer = _pool.Rent(64);
        byte[] source = { 1, 2, 3, 4, 5 };
        buffer.CopyFrom(10, source);

        byte[] destination = new byte[5];
        buffer.CopyTo(10, destination);
        Assert.Equal(source, destination);

        byte[] all = new byte[64];
        buffer.CopyTo(all);
        Assert.Equal(source, all[10..15]);
    }

    [Theory]
    [InlineData(-1, 1)]
    [InlineData(0, 65)]
    [InlineData(60, 5)]
    [InlineData(64, 1)]
    [InlineData(int.MaxValue, 2)]
    public void Copies_reject_ranges_that_do_not_fit(int offset, int count)
    {
        using SelfReturningBuffer buffer = _pool.Rent(64);
        byte[] bytes = new byte[count];
        Assert.Throws<ArgumentOutOfRangeException>(() => buffer.CopyFrom(offset, bytes));
        Assert.Throws<ArgumentOutOfRangeException>(() => buffer.CopyTo(offset, bytes));
        Assert.Throws<ArgumentOutOfRangeException>(() => buffer.WriteTo(Stream.Null, offset, count));
        Assert.Throws<ArgumentOutOfRangeException>(() => buffer.ReadFrom(Stream.Null, offset, count));
    }

    [Fact]
    public void CopyTo_whole_buffer_rejects_a_short_destination()
    {
        using SelfReturningBuffer buffer = _pool.Rent(64);
        Assert.Throws<ArgumentException>(() => buffer.CopyTo(new byte[63]));
    }

    [Fact]
    public void WriteTo_writes_the_requested_range()
    {
        using SelfReturningBuffer buffer = _pool.Rent(8);
        buffer.CopyFrom(0, new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 });

        var whole = new MemoryStream();
        buffer.WriteTo(whole);
        Assert.Equal(new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 }, whole.ToArray());

        var part = new MemoryStream();
        buffer.WriteTo(part, 2, 3);
        Assert.Equal(new byte[] { 3, 4, 5 }, part.ToArray());
    }

    [Fact]
    public void ReadFrom_keeps_reading_until_full_or_end_of_stream()
    {
        using SelfReturningBuffer buffer = _pool.Rent(10);
        var source = new TrickleStream(new byte[] { 9, 8, 7, 6, 5, 4 });

        Assert.Equal(4, buffer.ReadFrom(source, 3, 4));
        Assert.Equal(new byte[] { 9, 8, 7, 6 }, buffer.Span.Slice(3, 4).ToArray());

        // Two bytes remain: a request for more stops at the end of the stream.
        Assert.Equal(2, buffer.ReadFrom(source));
        Assert.Equal(new byte[] { 5, 4 }, buffer.Span.Slice(0, 2).ToArray());
    }

    [Fact]
    public async Task Async_stream_transfers_round_trip()
    {
        using SelfReturningBuffer buffer = _pool.Rent(6);
        var source = new TrickleStream(new byte[] { 1, 2, 3, 4, 5, 6 });
        Assert.Equal(6, await buffer.ReadFromAsync(source, 0, 6));

        var destination = new MemoryStream();
        await buffer.WriteToAsync(destination, 1, 4);
        Assert.Equal(new byte[] { 2, 3, 4, 5 }, destination.ToArray());
    }

    [Fact]
    public async Task Async_stream_transfers_of_the_whole_buffer_round_trip()
    {
        using SelfReturningBuffer buffer = _pool.Rent(6);
        var source = new TrickleStream(new byte[] { 1, 2, 3, 4, 5, 6, 7 });
        Assert.Equal(6, await buffer.ReadFromAsync(source));

        var destination = new MemoryStream();
        await buffer.WriteToAsync(destination);
        Assert.Equal(new byte[] { 1, 2, 3, 4, 5, 6 }, destination.ToArray());
        Assert.Throws<ArgumentNullException>(() => buffer.WriteToAsync(null!));
        await Assert.ThrowsAsync<ArgumentNullException>(() => buffer.ReadFromAsync(null!).AsTask());
    }

    [Fact]
    public void Stream_methods_reject_a_null_stream()
    {
        using SelfReturningBuffer buffer = _pool.Rent(6);
        Assert.Throws<ArgumentNullException>(() => buffer.WriteTo(null!));
        Assert.Throws<ArgumentNullException>(() => buffer.ReadFrom(null!));
    }

    [Fact]
    public void Memory_writes_reach_the_buffer()
    {
        using SelfReturningBuffer buffer = _pool.Rent(4);
        Memory<byte> memory = buffer.Memory;
        memory.Span[2] = 42;
        Assert.Equal(42, buffer[2]);
        Assert.True(MemoryMarshal_TryGetManager(memory, out SelfReturningBuffer? manager));
        Assert.Same(buffer, manager);
    }

    [Fact]
    public unsafe void Pin_points_at_the_requested_element()
    {
        using SelfReturningBuffer buffer = _pool.Rent(16);
        buffer[3] = 77;
        using (MemoryHandle handle = buffer.Pin(3))
        {
            Assert.Equal(77, *(byte*)handle.Pointer);
        }

        Assert.Throws<ArgumentOutOfRangeException>(() => buffer.Pin(17));
    }

    [Fact]
    public async Task Every_member_throws_ObjectDisposedException_after_Dispose()
    {
        SelfReturningBuffer buffer = _pool.Rent(32);
        Memory<byte> memory = buffer.Memory;
        buffer.Dispose();

        Assert.True(buffer.IsDisposed);
        Assert.Throws<ObjectDisposedException>(() => buffer.Length);
        Assert.Throws<ObjectDisposedException>(() => buffer[0]);
        Assert.Throws<ObjectDisposedException>(() => buffer[0] = 1);
        Assert.Throws<ObjectDisposedException>(() => buffer.Span.Length);
        Assert.Throws<ObjectDisposedException>(() => buffer.Memory);
        Assert.Throws<ObjectDisposedException>(() => memory.Span.Length);
        Assert.Throws<ObjectDisposedException>(() => buffer.CopyTo(new byte[32]));
        Assert.Throws<ObjectDisposedException>(() => buffer.CopyTo(0, new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => buffer.CopyFrom(0, new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => buffer.WriteTo(Stream.Null));
        Assert.Throws<ObjectDisposedException>(() => buffer.ReadFrom(Stream.Null));
        Assert.Throws<ObjectDisposedException>(() => buffer.Pin());
        Assert.Throws<ObjectDisposedException>(() => buffer.WriteToAsync(Stream.Null, 0, 1));
        await Assert.ThrowsAsync<ObjectDisposedException>(() => buffer.ReadFromAsync(Stream.Null, 0, 1).AsTask());
    }

    [Fact]
    public void Dispose_twice_gives_the_array_back_once()
    {
        var backing = new CountingArrayPool();
        var pool = new SelfReturningBufferPool(backing, maximumRetainedBytes: 0);
        SelfReturningBuffer buffer = pool.Rent(100);
        buffer.Dispose();
        buffer.Dispose();
        ((IDisposable)buffer).Dispose();

        Assert.Equal(1, pool.GetStatistics().ReturnedCount);
        Assert.Equal(128, pool.GetStatistics().DroppedBytes);

        // The same with an owned array: it goes back to the pool once.
        var owning = new SelfReturningBufferPool(backing);
        SelfReturningBuffer owned = owning.Rent(100);
        owned.Dispose();
        owned.Dispose();
        Assert.Equal(1, owning.GetStatistics().ReturnedCount);
        Assert.Equal(128, owning.GetStatistics().RetainedBytes);
    }

    [Fact]
    public void An_old_reference_cannot_reach_the_next_owners_data()
    {
        SelfReturningBuffer first = _pool.Rent(64);
        Memory<byte> firstMemory = first.Memory;
        first.Dispose();

        using SelfReturningBuffer second = _pool.Rent(64);
        second[0] = 123;

        // The array went to the second owner; neither the first buffer nor its memory can see it.
        Assert.NotSame(first, second);
        Assert.Throws<ObjectDisposedException>(() => first[0]);
        Assert.Throws<ObjectDisposedException>(() => firstMemory.Span[0]);
        Assert.Equal(1, _pool.GetStatistics().RentedCount - _pool.GetStatistics().ReturnedCount);
    }

    private static bool MemoryMarshal_TryGetManager(Memory<byte> memory, out SelfReturningBuffer? manager) =>
        System.Runtime.InteropServices.MemoryMarshal.TryGetMemoryManager<byte, SelfReturningBuffer>(memory, out manager);

    /// <summary>A stream that returns at most two bytes per read, to prove that ReadFrom loops.</summary>
    [Fact]
    public async Task Reads_after_a_short_first_read_ask_only_for_the_rest_of_the_range()
    {
        byte[] data = new byte[20];
        for (int i = 0; i < data.Length; i++)
        {
            data[i] = (byte)(i + 1);
        }

        using SelfReturningBuffer buffer = _pool.Rent(16);
        buffer.Span.Fill(0xEE);
        var source = new ShortFirstReadStream(data);
        Assert.Equal(4, buffer.ReadFrom(source, 3, 4));
        Assert.Equal(4, source.Position);
        Assert.Equal(new byte[] { 0xEE, 0xEE, 0xEE, 1, 2, 3, 4, 0xEE, 0xEE }, buffer.Span.Slice(0, 9).ToArray());

        buffer.Span.Fill(0xEE);
        var asyncSource = new ShortFirstReadStream(data);
        Assert.Equal(4, await buffer.ReadFromAsync(asyncSource, 3, 4));
        Assert.Equal(4, asyncSource.Position);
        Assert.Equal(new byte[] { 0xEE, 0xEE, 0xEE, 1, 2, 3, 4, 0xEE, 0xEE }, buffer.Span.Slice(0, 9).ToArray());
    }

    [Fact]
    public async Task ReadFromAsync_stops_at_the_end_of_the_stream()
    {
        using SelfReturningBuffer buffer = _pool.Rent(6);
        Assert.Equal(3, await buffer.ReadFromAsync(new TrickleStream(new byte[] { 7, 8, 9 }), 0, 6));
        Assert.Equal(new byte[] { 7, 8, 9 }, buffer.Span.Slice(0, 3).ToArray());
    }

    [Fact]
    public async Task Async_stream_methods_reject_a_null_stream_by_name()
    {
        using SelfReturningBuffer buffer = _pool.Rent(6);
        Assert.Throws<ArgumentNullException>("stream", () => { _ = buffer.WriteToAsync(null!, 0, 6); });
        await Assert.ThrowsAsync<ArgumentNullException>("stream", async () => await buffer.ReadFromAsync(null!, 0, 6));
    }

    [Fact]
    public void A_range_that_does_not_fit_is_named_in_the_message()
    {
        using SelfReturningBuffer buffer = _pool.Rent(64);
        var error = Assert.Throws<ArgumentOutOfRangeException>(() => buffer.CopyTo(60, new byte[5]));
        Assert.Equal("offset", error.ParamName);
        Assert.StartsWith("The range does not fit in the buffer.", error.Message, StringComparison.Ordinal);
    }

    /// <summary>
    /// Returns one byte from its first read and as many as asked from every later one, and refuses a zero-byte read:
    /// on a socket that one would wait for data the caller did not ask for.
    /// </summary>
    private sealed class ShortFirstReadStream(byte[] data) : MemoryStream(data)
    {
        private bool _first = true;

        public override int Read(byte[] buffer, int offset, int count) => base.Read(buffer, offset, Shorten(count));

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, System.Threading.CancellationToken cancellationToken = default) =>
            base.ReadAsync(buffer.Slice(0, Shorten(buffer.Length)), cancellationToken);

        private int Shorten(int count)
        {
            Assert.True(count > 0, "a zero-byte read was made after the range was full");
            if (_first && count > 1)
            {
                _first = false;
                return 1;
            }

            return count;
        }
    }

    private sealed class TrickleStream : MemoryStream
    {
        public TrickleStream(byte[] data)
            : base(data)
        {
        }

        public override int Read(byte[] buffer, int offset, int count) => base.Read(buffer, offset, Math.Min(count, 2));

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, System.Threading.CancellationToken cancellationToken = default) =>
            base.ReadAsync(buffer.Slice(0, Math.Min(buffer.Length, 2)), cancellationToken);
    }
}

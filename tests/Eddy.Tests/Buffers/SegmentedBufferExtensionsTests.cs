using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Buffers;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Buffers;

public class SegmentedBufferExtensionsTests
{
    private static byte[] Data(int length)
    {
        var data = new byte[length];
        new Random(length).NextBytes(data);
        return data;
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(4096)]
    [InlineData(100_000)]
    public void WriteTo_stream_writes_each_chunk_once(int length)
    {
        byte[] data = Data(length);
        using var buffer = new SegmentedBuffer<byte>(null, 1024, 4096);
        buffer.Write(data);
        buffer.Consume(Math.Min(3, length));
        var destination = new CountingStream();
        buffer.WriteTo(destination);
        Assert.Equal(data.AsSpan(Math.Min(3, length)).ToArray(), destination.ToArray());
        Assert.True(destination.Writes <= buffer.ChunkCount);
    }

    [Fact]
    public async Task WriteToAsync_stream_writes_every_byte()
    {
        byte[] data = Data(50_000);
        using var buffer = new SegmentedBuffer<byte>(null, 512, 4096);
        buffer.Write(data);
        var destination = new MemoryStream();
        await buffer.WriteToAsync(destination);
        Assert.Equal(data, destination.ToArray());
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
            await buffer.WriteToAsync(new MemoryStream(), new CancellationToken(canceled: true)));
    }

    [Fact]
    public void ReadFrom_reads_to_the_end_straight_into_chunks()
    {
        var pool = new TrackingArrayPool<byte>();
        byte[] data = Data(70_000);
        using (var buffer = new SegmentedBuffer<byte>(pool, 1000, 8000))
        {
            buffer.Write(new byte[] { 9 });
            long read = buffer.ReadFrom(new TricklingStream(data, 777));
            Assert.Equal(data.Length, read);
            Assert.Equal(data.Length + 1, buffer.Length);
            Assert.Equal(data, buffer.ToArray().AsSpan(1).ToArray());
            Assert.Equal(0, buffer.ReadFrom(new MemoryStream()));
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public async Task ReadFromAsync_reads_to_the_end()
    {
        byte[] data = Data(70_000);
        using var buffer = new SegmentedBuffer<byte>(null, 1000, 8000);
        long read = await buffer.ReadFromAsync(new TricklingStream(data, 1234));
        Assert.Equal(data.Length, read);
        Assert.Equal(data, buffer.ToArray());
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
            await buffer.ReadFromAsync(new MemoryStream(data), new CancellationToken(canceled: true)));
    }

    [Fact]
    public void Null_arguments_throw_naming_the_argument()
    {
        using var buffer = new SegmentedBuffer<byte>();
        Assert.Throws<ArgumentNullException>("stream", () => buffer.WriteTo(null!));
        Assert.Throws<ArgumentNullException>("source", () => buffer.ReadFrom(null!));
        Assert.Throws<ArgumentNullException>("stream", () => buffer.WriteToAsync(null!));
        Assert.Throws<ArgumentNullException>("source", () => buffer.ReadFromAsync(null!));
        Assert.Throws<ArgumentNullException>("buffer", () => SegmentedBufferExtensions.WriteTo(null!, new MemoryStream()));
        Assert.Throws<ArgumentNullException>("buffer", () => SegmentedBufferExtensions.ReadFrom(null!, new MemoryStream()));
        Assert.Throws<ArgumentNullException>("buffer", () => SegmentedBufferExtensions.WriteToAsync(null!, new MemoryStream()));
        Assert.Throws<ArgumentNullException>("buffer", () => SegmentedBufferExtensions.ReadFromAsync(null!, new MemoryStream()));
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(1)] // one byte more than it was asked for
    public async Task A_source_that_reports_an_impossible_count_is_an_IOException_and_commits_nothing(int beyond)
    {
        const string Message = "The source stream reported reading more bytes than it was asked for, or a negative count.";
        using var buffer = new SegmentedBuffer<byte>(null, 64, 64);
        buffer.Write(new byte[] { 1, 2, 3 });

        IOException e = Assert.Throws<IOException>(() => buffer.ReadFrom(new MiscountingStream(beyond)));
        Assert.Equal(Message, e.Message);
        e = await Assert.ThrowsAsync<IOException>(async () => await buffer.ReadFromAsync(new MiscountingStream(beyond)));
        Assert.Equal(Message, e.Message);
        Assert.Equal(new byte[] { 1, 2, 3 }, buffer.ToArray());
    }

    /// <summary>Reports reading <c>count + beyond</c> bytes (or -1 for a negative <c>beyond</c>), whatever it was asked for.</summary>
    private sealed class MiscountingStream(int beyond) : MemoryStream
    {
        public override int Read(byte[] buffer, int offset, int count) => beyond < 0 ? -1 : count + beyond;

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            new(beyond < 0 ? -1 : buffer.Length + beyond);
    }

    /// <summary>Counts write calls, to show the copy goes chunk by chunk with no staging buffer.</summary>
    private sealed class CountingStream : MemoryStream
    {
        public int Writes { get; private set; }

        public override void Write(byte[] buffer, int offset, int count)
        {
            Writes++;
            base.Write(buffer, offset, count);
        }
    }

    /// <summary>Returns at most a few bytes per read, like a socket.</summary>
    private sealed class TricklingStream(byte[] data, int maxRead) : MemoryStream(data)
    {
        public override int Read(byte[] buffer, int offset, int count) => base.Read(buffer, offset, Math.Min(count, maxRead));

        public override int Read(Span<byte> buffer) => base.Read(buffer.Slice(0, Math.Min(buffer.Length, maxRead)));

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            base.ReadAsync(buffer.Slice(0, Math.Min(buffer.Length, maxRead)), cancellationToken);
    }
}

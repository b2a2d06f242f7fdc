using System;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Tests.Reliability;

namespace Eddy.Tests.Streams;

/// <summary>
/// The asynchronous and Begin/End members on the paths the model tests do not reach: CopyToAsync into a stream
/// that is not a memory stream, from every kind of storage; a failing write behind BeginWrite; the exact
/// messages MemoryStream gives; ReadFromAsync from a source that over-reports mid-array.
/// </summary>
public class AsyncMemberTests
{
    private static byte[] Pattern(int length) => Enumerable.Range(0, length).Select(i => (byte)(i * 7 + 3)).ToArray();

    [Fact]
    public async Task CopyToAsync_from_several_segments_into_a_non_memory_stream_writes_every_byte_asynchronously()
    {
        byte[] data = Pattern(20_000);
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented });
        stream.Write(data);
        stream.Position = 5;
        var destination = new AsyncOnlyDestination();

        await stream.CopyToAsync(destination);

        Assert.Equal(data.AsSpan(5).ToArray(), destination.Written.ToArray());
        Assert.True(destination.AsyncWrites > 1, "a segmented stream writes one chunk at a time");
        Assert.Equal(data.Length, stream.Position);
    }

    [Fact]
    public async Task CopyToAsync_includes_bytes_that_small_writes_left_in_the_segmented_write_window()
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented });
        var expected = new MemoryStream();

        // Past the first chunk, a plain array until the stream outgrows it: the small writes then go through the window.
        stream.Write(Pattern(10_000));
        expected.Write(Pattern(10_000));
        for (int i = 0; i < 300; i++)
        {
            stream.WriteByte((byte)i);
            expected.WriteByte((byte)i);
        }

        stream.Position = 0;
        var destination = new AsyncOnlyDestination();
        await stream.CopyToAsync(destination);

        Assert.Equal(expected.ToArray(), destination.Written.ToArray());
    }

    [Fact]
    public async Task CopyToAsync_from_a_contiguous_stream_into_a_non_memory_stream_uses_WriteAsync()
    {
        byte[] data = Pattern(3_000);
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Contiguous });
        stream.Write(data);
        stream.Position = 1_000;
        var destination = new AsyncOnlyDestination();

        await stream.CopyToAsync(destination);

        Assert.Equal(data.AsSpan(1_000).ToArray(), destination.Written.ToArray());
        Assert.Equal(1, destination.AsyncWrites);
    }

    [Fact]
    public async Task CopyToAsync_from_a_read_only_stream_over_part_of_an_array_starts_at_the_part_and_the_position()
    {
        byte[] data = Pattern(100);
        using var stream = new PooledMemoryStream(new ReadOnlyMemory<byte>(data, 30, 50));
        stream.Position = 7;
        var destination = new AsyncOnlyDestination();

        await stream.CopyToAsync(destination);

        Assert.Equal(data.AsSpan(37, 43).ToArray(), destination.Written.ToArray());
    }

    [Fact]
    public async Task CopyToAsync_into_a_full_memory_stream_returns_a_faulted_task_and_moves_Position_as_MemoryStream_does()
    {
        byte[] data = Pattern(64);
        using var expected = new MemoryStream();
        expected.Write(data);
        expected.Position = 0;
        using var actual = new PooledMemoryStream();
        actual.Write(data);
        actual.Position = 0;

        Task expectedTask = expected.CopyToAsync(new MemoryStream(new byte[10]));
        Task actualTask = actual.CopyToAsync(new MemoryStream(new byte[10]));

        Assert.True(expectedTask.IsFaulted);
        Assert.True(actualTask.IsFaulted);
        Exception expectedError = await Assert.ThrowsAnyAsync<Exception>(() => expectedTask);
        Exception actualError = await Assert.ThrowsAnyAsync<Exception>(() => actualTask);
        Assert.Equal(expectedError.GetType(), actualError.GetType());
        Assert.Equal(expected.Position, actual.Position);
    }

    [Fact]
    public void EndWrite_rethrows_the_exception_of_the_write_BeginWrite_ran()
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { MaximumGapLength = 4 });
        stream.Position = 100;

        IAsyncResult result = stream.BeginWrite(new byte[8], 0, 8, null, null);

        Assert.True(result.IsCompleted);
        Assert.Throws<IOException>(() => stream.EndWrite(result));
        Assert.Equal(0, stream.Length);
    }

    [Fact]
    public void A_Begin_result_is_complete_synchronous_signalled_and_carries_its_state_and_callback()
    {
        using var stream = new PooledMemoryStream();
        var state = new object();
        IAsyncResult? seen = null;

        IAsyncResult write = stream.BeginWrite(new byte[] { 1, 2, 3 }, 0, 3, r => seen = r, state);
        Assert.Same(write, seen);
        Assert.True(write.IsCompleted);
        Assert.True(write.CompletedSynchronously);
        Assert.Same(state, write.AsyncState);
        WaitHandle handle = write.AsyncWaitHandle;
        Assert.True(handle.WaitOne(0));
        Assert.Same(handle, write.AsyncWaitHandle);
        stream.EndWrite(write);

        stream.Position = 0;
        byte[] buffer = new byte[8];
        IAsyncResult read = stream.BeginRead(buffer, 0, 8, null, null);
        Assert.True(read.CompletedSynchronously);
        Assert.True(read.AsyncWaitHandle.WaitOne(0));
        Assert.Equal(3, stream.EndRead(read));
        Assert.Equal(new byte[] { 1, 2, 3 }, buffer.Take(3));
    }

    [Fact]
    public void Begin_on_a_disposed_stream_reports_MemoryStreams_messages()
    {
        var expected = new MemoryStream();
        expected.Dispose();
        var actual = new PooledMemoryStream();
        actual.Dispose();
        byte[] buffer = new byte[4];

        AssertSameError(() => expected.BeginRead(buffer, 0, 4, null, null), () => actual.BeginRead(buffer, 0, 4, null, null));
        AssertSameError(() => expected.BeginWrite(buffer, 0, 4, null, null), () => actual.BeginWrite(buffer, 0, 4, null, null));
    }

    [Fact]
    public void End_with_a_foreign_or_spent_result_throws_what_MemoryStream_throws_with_its_NET_10_message()
    {
        const string message = "Either the IAsyncResult object did not come from the corresponding async method on this type, or the End method was called multiple times with the same IAsyncResult.";
        byte[] buffer = new byte[4];
        var calls = new (string Name, Action<Stream> Call)[]
        {
            ("EndRead of a write", s => s.EndRead(s.BeginWrite(buffer, 0, 4, null, null))),
            ("EndWrite of a read", s => s.EndWrite(s.BeginRead(buffer, 0, 4, null, null))),
            ("EndRead twice", s => { IAsyncResult r = s.BeginRead(buffer, 0, 4, null, null); s.EndRead(r); s.EndRead(r); }),
            ("EndWrite twice", s => { IAsyncResult r = s.BeginWrite(buffer, 0, 4, null, null); s.EndWrite(r); s.EndWrite(r); }),
        };
        foreach ((string name, Action<Stream> call) in calls)
        {
            // A fresh MemoryStream per call: one whose End threw keeps its Begin lock and would block the next Begin.
            var expected = new MemoryStream(new byte[16], writable: true);
            using var actual = new PooledMemoryStream();
            actual.Write(new byte[16]);
            actual.Position = 0;

            Exception expectedError = Assert.ThrowsAny<Exception>(() => call(expected));
            Exception actualError = Assert.ThrowsAny<Exception>(() => call(actual));

            Assert.True(expectedError.GetType() == actualError.GetType(), $"{name}: {expectedError.GetType()} expected, {actualError.GetType()} thrown");
            Assert.Equal(message, actualError.Message);
        }
    }

    [Fact]
    public async Task ReadFromAsync_rejects_a_source_that_over_reports_into_an_array_already_part_written()
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Contiguous });
        stream.Write(Pattern(10));
        var source = new FaultySource(Pattern(100), failAt: long.MaxValue) { OverReports = true };

        await Assert.ThrowsAsync<IOException>(() => stream.ReadFromAsync(source).AsTask());

        Assert.Equal(10, stream.Length);
        Assert.Equal(Pattern(10), stream.ToArray());
    }

    private static void AssertSameError(Action expected, Action actual)
    {
        Exception expectedError = Assert.ThrowsAny<Exception>(expected);
        Exception actualError = Assert.ThrowsAny<Exception>(actual);
        Assert.Equal(expectedError.GetType(), actualError.GetType());
        Assert.Equal(expectedError.Message, actualError.Message);
    }

    /// <summary>A write-only destination that accepts only asynchronous writes and counts them.</summary>
    private sealed class AsyncOnlyDestination : Stream
    {
        public MemoryStream Written { get; } = new();

        public int AsyncWrites { get; private set; }

        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => throw new NotSupportedException();

        public override long Position
        {
            get => throw new NotSupportedException();
            set => throw new NotSupportedException();
        }

        public override void Write(byte[] buffer, int offset, int count) =>
            throw new InvalidOperationException("The copy should have written asynchronously.");

        public override void Write(ReadOnlySpan<byte> buffer) =>
            throw new InvalidOperationException("The copy should have written asynchronously.");

        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            await Task.Yield();
            AsyncWrites++;
            Written.Write(buffer.Span);
        }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();
    }
}

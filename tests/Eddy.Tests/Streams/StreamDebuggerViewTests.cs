using System;
using System.IO;
using System.Linq;
using Eddy.Buffers;
using Eddy.FileBuffering;
using Eddy.Internal;
using Eddy.Tests.Buffers;

namespace Eddy.Tests.Streams;

public class StreamDebuggerViewTests
{
    private static byte[] Pattern(int length) => Enumerable.Range(0, length).Select(i => (byte)(i * 7)).ToArray();

    [Theory]
    [InlineData(PooledMemoryStreamMode.Contiguous, "Contiguous")]
    [InlineData(PooledMemoryStreamMode.Segmented, "Segmented")]
    public void PooledMemoryStream_shows_mode_layout_length_position_chunks_and_the_first_bytes(PooledMemoryStreamMode mode, string layout)
    {
        var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = mode, ChunkLength = 256, MaximumChunkLength = 1024 });
        byte[] data = Pattern(3000);
        stream.Write(data);
        stream.Position = 5;
        Assert.Equal($"{layout}, Length = 3000, Position = 5", DebuggerViewTests.Display(typeof(PooledMemoryStream), typeof(PooledMemoryStream.DebugView), stream));

        var view = new PooledMemoryStream.DebugView(stream);
        Assert.Equal(mode, view.Mode);
        Assert.Equal(layout, view.Layout);
        Assert.Equal(3000, view.Length);
        Assert.Equal(5, view.Position);
        Assert.Equal(data.Take(DebugViews.MaximumItems), view.Bytes);
        if (mode == PooledMemoryStreamMode.Segmented)
        {
            Assert.True(view.ChunkLengths.Length > 1);
            Assert.True(view.ChunkLengths.Sum() >= 3000);
        }
        else
        {
            Assert.Empty(view.ChunkLengths);
        }

        stream.Dispose();
        Assert.Equal("Disposed", view.Layout);
        Assert.Empty(view.Bytes);
    }

    [Fact]
    public void PooledMemoryStream_view_reads_bytes_not_yet_committed_and_ends_no_span()
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented, ChunkLength = 256 });
        stream.Write(Pattern(100));
        stream.WriteByte(42);
        stream.GetSpan(8)[0] = 9;
        var view = new PooledMemoryStream.DebugView(stream);
        Assert.Equal(Pattern(100).Append((byte)42), view.Bytes);
        stream.Advance(1);
        Assert.Equal(102, stream.Length);
        Assert.Equal(9, stream.ToArray()[101]);
    }

    [Fact]
    public void Segmented_stream_view_reads_window_bytes_past_the_chunks_and_a_disposed_stream_shows_as_such()
    {
        var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented, ChunkLength = 256 });
        stream.Write(Pattern(300));
        for (int i = 0; i < 3; i++)
        {
            // Small writes go through the write window: in the write chunk, not yet committed to the chunks.
            stream.WriteByte((byte)(200 + i));
        }

        var view = new PooledMemoryStream.DebugView(stream);
        Assert.Equal("Segmented", view.Layout);
        Assert.Equal(Pattern(300).Concat(new byte[] { 200, 201, 202 }), view.Bytes);
        Assert.Equal("Segmented, Length = 303, Position = 303", DebuggerViewTests.Display(typeof(PooledMemoryStream), typeof(PooledMemoryStream.DebugView), stream));

        stream.Dispose();
        Assert.Equal("Disposed", DebuggerViewTests.Display(typeof(PooledMemoryStream), typeof(PooledMemoryStream.DebugView), stream));
    }

    [Fact]
    public void Read_only_stream_shows_its_memory()
    {
        using var stream = new PooledMemoryStream(new byte[] { 1, 2, 3 });
        var view = new PooledMemoryStream.DebugView(stream);
        Assert.Equal("ReadOnly", view.Layout);
        Assert.Equal(new byte[] { 1, 2, 3 }, view.Bytes);
    }

    [Fact]
    public void FileBufferingStream_shows_where_its_bytes_are()
    {
        string directory = Path.Combine(Path.GetTempPath(), "eddy-debug-view-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(directory);
        try
        {
            var stream = new FileBufferingStream(new FileBufferingStreamOptions { MemoryThreshold = 100, TempDirectory = directory });
            stream.Write(Pattern(50));
            Assert.Equal("In memory, Length = 50, Position = 50", DebuggerViewTests.Display(typeof(FileBufferingStream), typeof(FileBufferingStream.DebugView), stream));
            var view = new FileBufferingStream.DebugView(stream);
            Assert.False(view.IsSpilled);
            Assert.Null(view.TempFilePath);
            Assert.Equal(50, view.Memory.Length);

            stream.Write(Pattern(500));
            Assert.True(view.IsSpilled);
            Assert.Equal(stream.TempFilePath, view.TempFilePath);
            Assert.Equal(550, view.Length);
            Assert.Equal(550, view.Position);
            Assert.StartsWith("Spilled, Length = 550", DebuggerViewTests.Display(typeof(FileBufferingStream), typeof(FileBufferingStream.DebugView), stream));
            stream.Dispose();
            Assert.True(view.IsDisposed);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }
}

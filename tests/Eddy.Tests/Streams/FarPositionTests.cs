using System;
using System.IO;
using System.Linq;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Streams;

/// <summary>
/// Positions more than an int away: past int.MaxValue on a stream that has not left its first array, and far from
/// a segmented stream's open write window. The stream keeps Position and Length as ints with long bases for the
/// segmented layout, so these are the places where the two meet.
/// </summary>
public class FarPositionTests
{
    private const long Far = int.MaxValue + 10L;

    private static byte[] Pattern(int length, int seed) => Enumerable.Range(0, length).Select(i => (byte)(i * 31 + seed)).ToArray();

    [Fact]
    public void A_position_past_int_MaxValue_moves_an_automatic_stream_to_segments_and_keeps_its_bytes()
    {
        byte[] data = Pattern(100, 1);
        using var stream = new PooledMemoryStream();
        stream.Write(data);
        Assert.True(stream.IsContiguous);

        stream.Position = Far;

        Assert.False(stream.IsContiguous);
        Assert.False(stream.TryGetBuffer(out _));
        Assert.Equal(Far, stream.Position);
        Assert.Equal(100, stream.Length);
        Assert.Equal(-1, stream.ReadByte());
        Assert.Equal(Far, stream.Position);

        stream.Position = 40;
        byte[] rest = new byte[100];
        Assert.Equal(60, stream.Read(rest));
        Assert.Equal(data.AsSpan(40).ToArray(), rest.AsSpan(0, 60).ToArray());

        stream.Write(Pattern(10, 2));
        Assert.Equal(data.Concat(Pattern(10, 2)).ToArray(), stream.ToArray());
        Assert.Equal(110, stream.Position);
    }

    [Fact]
    public void Seek_past_int_MaxValue_on_an_empty_automatic_stream_rents_nothing_and_reads_nothing()
    {
        using var stream = new PooledMemoryStream();
        Assert.Equal(Far, stream.Seek(Far, SeekOrigin.Begin));
        Assert.Equal(Far + 5, stream.Seek(5, SeekOrigin.Current));
        Assert.Equal(0, stream.Length);
        Assert.Equal(0, stream.Read(new byte[8]));
        Assert.Equal(0, stream.Seek(0, SeekOrigin.End));
        stream.WriteByte(7);
        Assert.Equal(new byte[] { 7 }, stream.ToArray());
    }

    [Fact]
    public void Position_at_int_MaxValue_itself_keeps_a_stream_in_its_array()
    {
        byte[] data = Pattern(100, 10);
        using var stream = new PooledMemoryStream();
        stream.Write(data);
        stream.Position = int.MaxValue;
        Assert.True(stream.IsContiguous);
        Assert.True(stream.TryGetBuffer(out ArraySegment<byte> buffer));
        Assert.Equal(data, buffer.ToArray());

        using var readOnly = new PooledMemoryStream(data);
        readOnly.Position = int.MaxValue;
        Assert.Equal(-1, readOnly.ReadByte());
        readOnly.Position = 95;
        Assert.Equal(data[95], readOnly.ReadByte());
        Assert.False(readOnly.CanWrite);
        Assert.True(readOnly.IsContiguous);
    }

    [Fact]
    public void EnsureCapacity_counts_the_bytes_written_through_an_open_window()
    {
        var pool = new TrackingArrayPool<byte>();
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool, Mode = PooledMemoryStreamMode.Segmented, ChunkLength = 1024 });
        stream.Write(Pattern(1500, 11));
        for (int i = 0; i < 10; i++)
        {
            stream.WriteByte((byte)i);
        }

        const int capacity = 16 << 10;
        stream.EnsureCapacity(capacity);
        int rents = pool.RentCount;
        stream.Write(new byte[capacity - stream.Length]);

        Assert.Equal(rents, pool.RentCount);
        Assert.Equal(capacity, stream.Length);
        Assert.Equal(Pattern(1500, 11), stream.ToArray().AsSpan(0, 1500).ToArray());
    }

    [Fact]
    public void A_contiguous_mode_stream_refuses_a_position_past_int_MaxValue_as_MemoryStream_does()
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Contiguous });
        stream.Write(Pattern(10, 3));
        Assert.Throws<ArgumentOutOfRangeException>("value", () => stream.Position = Far);
        Assert.True(stream.IsContiguous);
        Assert.Equal(10, stream.Position);
    }

    [Fact]
    public void A_far_seek_from_an_open_window_commits_it_and_a_seek_back_writes_where_it_should()
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented, ChunkLength = 1024 });
        var model = new MemoryStream();

        // Past the first chunk, so the small appends go through the segmented window.
        byte[] head = Pattern(3000, 5);
        stream.Write(head);
        model.Write(head);
        for (int i = 0; i < 20; i++)
        {
            stream.WriteByte((byte)i);
            model.WriteByte((byte)i);
        }

        long far = 5L << 30;
        stream.Position = far;
        Assert.Equal(far, stream.Position);
        Assert.Equal(model.Length, stream.Length);
        Assert.Equal(-1, stream.ReadByte());

        stream.Position = 10;
        stream.Write(Pattern(5, 6));
        model.Position = 10;
        model.Write(Pattern(5, 6));

        stream.Seek(0, SeekOrigin.End);
        model.Seek(0, SeekOrigin.End);
        for (int i = 0; i < 2000; i++)
        {
            stream.WriteByte((byte)(i * 3));
            model.WriteByte((byte)(i * 3));
        }

        Assert.Equal(model.Position, stream.Position);
        Assert.Equal(model.ToArray(), stream.ToArray());
    }

    [Fact]
    public void A_far_position_set_on_an_open_window_leaves_the_pending_bytes_readable()
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented, ChunkLength = 1024 });
        stream.Write(Pattern(1500, 7));
        stream.Write(Pattern(30, 8));

        // Bytes written through the window are pending until something settles it; a far Position does.
        stream.Position = (3L << 30) + 1;
        stream.Position = 1500;
        byte[] back = new byte[30];
        Assert.Equal(30, stream.Read(back));
        Assert.Equal(Pattern(30, 8), back);
        Assert.Equal(1530, stream.Length);
    }
}

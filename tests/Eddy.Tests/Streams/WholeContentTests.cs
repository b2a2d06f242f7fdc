using System;
using System.IO;

namespace Eddy.Tests.Streams;

/// <summary>The members that hand out the whole content (WriteTo, ToArray, CopyTo(Span)) at their edges.</summary>
public class WholeContentTests
{
    public static TheoryData<PooledMemoryStreamMode> Modes =>
        [PooledMemoryStreamMode.Segmented, PooledMemoryStreamMode.Auto, PooledMemoryStreamMode.Contiguous];

    [Theory]
    [MemberData(nameof(Modes))]
    public void WriteTo_right_after_small_writes_writes_every_byte(PooledMemoryStreamMode mode)
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = mode });
        var expected = new MemoryStream();

        // Past a segmented stream's first chunk, which is a plain array until the stream outgrows it.
        byte[] head = new byte[10_000];
        new Random(3).NextBytes(head);
        stream.Write(head);
        expected.Write(head);
        for (int i = 0; i < 40; i++)
        {
            // Small writes go through the write window, whose bytes the segmented store learns of later.
            byte[] piece = [(byte)i, (byte)(i + 1), (byte)(i + 2)];
            stream.Write(piece);
            expected.Write(piece);
            stream.WriteByte((byte)(200 + i));
            expected.WriteByte((byte)(200 + i));
        }

        var written = new MemoryStream();
        stream.WriteTo(written);

        Assert.Equal(expected.ToArray(), written.ToArray());
        Assert.Equal(expected.Length, stream.Length);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void An_empty_stream_gives_the_shared_empty_array_as_MemoryStream_does(PooledMemoryStreamMode mode)
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = mode });
        Assert.Same(Array.Empty<byte>(), new MemoryStream().ToArray());
        Assert.Same(Array.Empty<byte>(), stream.ToArray());
        stream.Write(new byte[] { 1 });
        stream.SetLength(0);
        Assert.Same(Array.Empty<byte>(), stream.ToArray());
        var written = new MemoryStream();
        stream.WriteTo(written);
        Assert.Equal(0, written.Length);
    }
}

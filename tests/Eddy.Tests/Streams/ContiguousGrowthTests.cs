using System;
using System.IO;

namespace Eddy.Tests.Streams;

/// <summary>The edges of a contiguous stream's growth: exactly full, and past the largest array .NET allows.</summary>
public class ContiguousGrowthTests
{
    private static PooledMemoryStream CreateContiguous() =>
        new(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Contiguous });

    [Fact]
    public void SetLength_to_exactly_the_array_length_keeps_the_array_and_zeroes_the_new_bytes()
    {
        using PooledMemoryStream stream = CreateContiguous();
        stream.Write(new byte[] { 1, 2, 3 });
        Assert.True(stream.TryGetBuffer(out ArraySegment<byte> before));
        byte[] array = before.Array!;
        array.AsSpan(3).Fill(0xEE);

        stream.SetLength(array.Length);

        Assert.True(stream.TryGetBuffer(out ArraySegment<byte> after));
        Assert.Same(array, after.Array);
        Assert.Equal(array.Length, stream.Length);
        Assert.Equal(new byte[] { 1, 2, 3 }, array.AsSpan(0, 3).ToArray());
        Assert.Equal(-1, array.AsSpan(3).IndexOfAnyExcept((byte)0));
    }

    [Fact]
    public void A_span_that_ends_exactly_at_the_array_end_keeps_the_array()
    {
        using PooledMemoryStream stream = CreateContiguous();
        stream.Write(new byte[] { 1, 2, 3 });
        Assert.True(stream.TryGetBuffer(out ArraySegment<byte> before));
        int room = before.Array!.Length - 3;

        Span<byte> span = stream.GetSpan(room);

        Assert.True(span.Length >= room);
        Assert.True(stream.TryGetBuffer(out ArraySegment<byte> after));
        Assert.Same(before.Array, after.Array);
    }

    [Theory]
    [InlineData(0x7FFFFFC8L)]
    [InlineData(int.MaxValue)]
    public void Growing_past_the_largest_array_throws_IOException_and_changes_nothing(long length)
    {
        using PooledMemoryStream stream = CreateContiguous();
        stream.Write(new byte[] { 1, 2, 3 });

        IOException error = Assert.Throws<IOException>(() => stream.SetLength(length));

        Assert.Equal("Stream was too long.", error.Message);
        Assert.Equal(3, stream.Length);
        Assert.Equal(3, stream.Position);
        stream.Write(new byte[] { 4 });
        Assert.Equal(new byte[] { 1, 2, 3, 4 }, stream.ToArray());
    }
}

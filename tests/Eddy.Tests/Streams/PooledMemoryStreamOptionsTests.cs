using System;
using System.Buffers;
using System.IO;

namespace Eddy.Tests.Streams;

public sealed class PooledMemoryStreamOptionsTests
{
    [Fact]
    public void Defaults_are_the_documented_ones()
    {
        PooledMemoryStreamOptions options = PooledMemoryStreamOptions.Default;
        Assert.Equal(PooledMemoryStreamMode.Auto, options.Mode);
        Assert.Equal(PooledMemoryStreamOptions.DefaultSegmentThreshold, options.SegmentThreshold);
        Assert.Null(options.Pool);
        Assert.Equal(0, options.InitialCapacity);
        Assert.Equal(0, options.ChunkLength);
        Assert.Equal(0, options.MaximumChunkLength);
        Assert.False(options.ClearOnReturn);
        Assert.Same(options, new PooledMemoryStream().Options);
    }

    [Fact]
    public void Invalid_values_are_rejected()
    {
        Assert.StartsWith("The threshold must be positive.", Assert.Throws<ArgumentOutOfRangeException>("value", () => new PooledMemoryStreamOptions { SegmentThreshold = 0 }).Message, StringComparison.Ordinal);
        Assert.StartsWith("Unknown PooledMemoryStreamMode.", Assert.Throws<ArgumentOutOfRangeException>("value", () => new PooledMemoryStreamOptions { Mode = (PooledMemoryStreamMode)3 }).Message, StringComparison.Ordinal);
        Assert.StartsWith("ChunkLength must not be above a nonzero MaximumChunkLength.", Assert.Throws<ArgumentOutOfRangeException>("value", () => new PooledMemoryStreamOptions { MaximumChunkLength = 4096, ChunkLength = 8192 }).Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentOutOfRangeException>("value", () => new PooledMemoryStreamOptions { InitialCapacity = -1 });
        Assert.Throws<ArgumentOutOfRangeException>("value", () => new PooledMemoryStreamOptions { ChunkLength = -1 });
        Assert.Throws<ArgumentOutOfRangeException>("value", () => new PooledMemoryStreamOptions { MaximumChunkLength = -1 });
        Assert.Throws<ArgumentOutOfRangeException>("value", () => new PooledMemoryStreamOptions { Mode = (PooledMemoryStreamMode)7 });
    }

    [Fact]
    public void A_contiguous_stream_seeks_to_int_MaxValue_as_MemoryStream_does_and_not_one_past()
    {
        using var expected = new MemoryStream();
        using var actual = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Contiguous });
        Assert.Equal(expected.Seek(int.MaxValue, SeekOrigin.Begin), actual.Seek(int.MaxValue, SeekOrigin.Begin));
        Assert.Equal(int.MaxValue, actual.Position);
        Assert.Throws<ArgumentOutOfRangeException>("offset", () => expected.Seek(int.MaxValue + 1L, SeekOrigin.Begin));
        Assert.Throws<ArgumentOutOfRangeException>("offset", () => actual.Seek(int.MaxValue + 1L, SeekOrigin.Begin));
    }

    [Fact]
    public void InitialCapacity_is_rented_on_the_first_write()
    {
        var pool = new Infrastructure.StreamTestPool();
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool, InitialCapacity = 10_000 });
        Assert.Equal(0, pool.RentCount);
        stream.WriteByte(1);
        Assert.Equal(1, pool.RentCount);
        Assert.True(stream.TryGetBuffer(out ArraySegment<byte> segment));
        Assert.True(segment.Array!.Length >= 10_000);
    }

    [Fact]
    public void Auto_mode_switches_to_chunks_past_the_threshold_without_copying_the_array()
    {
        var pool = new Infrastructure.StreamTestPool();
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool, SegmentThreshold = 4096 });
        stream.Write(new byte[4000]);
        Assert.True(stream.IsContiguous);
        Assert.True(stream.TryGetBuffer(out ArraySegment<byte> before));
        stream.Write(new byte[200]);
        Assert.False(stream.IsContiguous);
        Assert.Same(before.Array, System.Runtime.InteropServices.MemoryMarshal.TryGetArray(stream.GetReadOnlySequence().First, out ArraySegment<byte> first) ? first.Array : null);
        Assert.Equal(4200, stream.Length);
    }

    [Fact]
    public void A_ChunkLength_above_MaximumChunkLength_is_rejected_when_the_options_are_built()
    {
        Assert.Throws<ArgumentOutOfRangeException>("value", () => new PooledMemoryStreamOptions { ChunkLength = 8192, MaximumChunkLength = 4096 });
        Assert.Throws<ArgumentOutOfRangeException>("value", () => new PooledMemoryStreamOptions { MaximumChunkLength = 4096, ChunkLength = 8192 });
        var equal = new PooledMemoryStreamOptions { ChunkLength = 4096, MaximumChunkLength = 4096 };
        Assert.Equal(4096, equal.MaximumChunkLength);
    }

    [Fact]
    public void A_null_options_argument_compiles_and_means_the_defaults()
    {
        using var stream = new PooledMemoryStream(null);
        Assert.Same(PooledMemoryStreamOptions.Default, stream.Options);
        stream.WriteByte(1);
        Assert.Equal(new byte[] { 1 }, stream.ToArray());
    }

    [Theory]
    [InlineData(PooledMemoryStreamMode.Auto)]
    [InlineData(PooledMemoryStreamMode.Segmented)]
    public void An_InitialCapacity_above_the_first_array_limit_is_honoured_and_the_stream_stays_in_one_array_up_to_it(PooledMemoryStreamMode mode)
    {
        // Auto's threshold and Segmented's first chunk are both below the capacity asked for.
        var pool = new Infrastructure.StreamTestPool();
        var options = new PooledMemoryStreamOptions { Mode = mode, Pool = pool, SegmentThreshold = 4096, ChunkLength = 4096, InitialCapacity = 100_000 };
        using var stream = new PooledMemoryStream(options);

        stream.WriteByte(1);
        Assert.True(stream.TryGetBuffer(out ArraySegment<byte> first));
        Assert.True(first.Array!.Length >= 100_000);

        stream.Write(new byte[100_000 - 1]);
        Assert.Equal(1, pool.RentCount);
        Assert.True(stream.TryGetBuffer(out ArraySegment<byte> full));
        Assert.Same(first.Array, full.Array);

        // Past the capacity asked for, the array becomes the first chunk, without a copy.
        stream.Write(new byte[first.Array.Length]);
        Assert.False(stream.TryGetBuffer(out _));
        Assert.True(System.Runtime.InteropServices.MemoryMarshal.TryGetArray(stream.GetReadOnlySequence().First, out ArraySegment<byte> chunk));
        Assert.Same(first.Array, chunk.Array);
    }
}

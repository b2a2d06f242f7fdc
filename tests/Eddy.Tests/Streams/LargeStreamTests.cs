using System;
using System.IO;

namespace Eddy.Tests.Streams;

/// <summary>
/// Past 2 GiB in segmented mode. Needs about 3 GiB of memory, so it runs only when EDDY_LARGE_TESTS=1;
/// otherwise it reports itself as skipped.
/// </summary>
public sealed class LargeStreamTests
{
    private const long Size = (2L << 30) + (256L << 20) + 12_345;

    [SkippableLargeFact]
    public void Segmented_stream_round_trips_more_than_2_GiB()
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented });
        byte[] piece = new byte[1 << 20];
        long written = 0;
        while (written < Size)
        {
            int n = (int)Math.Min(piece.Length, Size - written);
            Fill(piece.AsSpan(0, n), written);
            stream.Write(piece, 0, n);
            written += n;
        }

        Assert.Equal(Size, stream.Length);
        Assert.Equal(Size, stream.Position);
        Assert.Equal(Size, stream.GetReadOnlySequence().Length);

        // Random access past int.MaxValue, from every origin.
        long far = int.MaxValue + 1_000_000L;
        Assert.Equal(far, stream.Seek(far, SeekOrigin.Begin));
        Assert.Equal(Expected(far), stream.ReadByte());
        Assert.Equal(far - 10, stream.Seek(-11, SeekOrigin.Current));
        Assert.Equal(Expected(far - 10), stream.ReadByte());
        Assert.Equal(Size - 1, stream.Seek(-1, SeekOrigin.End));
        Assert.Equal(Expected(Size - 1), stream.ReadByte());

        // Overwrite across the 2 GiB line, then read everything back.
        stream.Position = int.MaxValue - 3;
        stream.Write(new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 });
        stream.Position = 0;
        byte[] buffer = new byte[1 << 20];
        long read = 0;
        int got;
        while ((got = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            for (int i = 0; i < got; i++)
            {
                long position = read + i;
                long offset = position - (int.MaxValue - 3);
                byte want = offset is >= 0 and < 8 ? (byte)(offset + 1) : Expected(position);
                if (buffer[i] != want)
                {
                    Assert.Fail($"byte {position}: {buffer[i]} read, {want} expected");
                }
            }

            read += got;
        }

        Assert.Equal(Size, read);

        // Shrink below 2 GiB and grow past it again: zeros after the old end.
        stream.SetLength(int.MaxValue - 100L);
        stream.SetLength(int.MaxValue + 100L);
        stream.Position = int.MaxValue - 101L;
        Assert.Equal(Expected(int.MaxValue - 101L), stream.ReadByte());
        Span<byte> tail = stackalloc byte[200];
        Assert.Equal(200, stream.Read(tail));
        Assert.True(tail.IndexOfAnyExcept((byte)0) < 0);
        Assert.Throws<InvalidOperationException>(() => stream.ToArray());
    }

    [SkippableLargeFact]
    public void A_small_write_past_a_gap_longer_than_an_int_lands_and_the_next_appends_follow_it()
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented, MaximumGapLength = long.MaxValue });
        stream.Write(new byte[] { 9, 8, 7 });
        long far = 3L << 30;
        stream.Position = far;

        // The write window cannot open: the old Length is more than an int before it.
        stream.Write(new byte[] { 1, 2, 3 });
        for (int i = 0; i < 300; i++)
        {
            stream.WriteByte((byte)i);
        }

        Assert.Equal(far + 303, stream.Length);
        Assert.Equal(far + 303, stream.Position);
        stream.Position = 0;
        Assert.Equal(9, stream.ReadByte());
        stream.Position = far - 2;
        byte[] tail = new byte[400];
        Assert.Equal(305, stream.Read(tail));
        Assert.Equal(new byte[] { 0, 0, 1, 2, 3 }, tail.AsSpan(0, 5).ToArray());
        for (int i = 0; i < 300; i++)
        {
            Assert.Equal((byte)i, tail[5 + i]);
        }
    }

    private static byte Expected(long position) => unchecked((byte)(position ^ (position >> 8) ^ (position >> 24)));

    private static void Fill(Span<byte> span, long start)
    {
        for (int i = 0; i < span.Length; i++)
        {
            span[i] = Expected(start + i);
        }
    }

    private sealed class SkippableLargeFactAttribute : FactAttribute
    {
        public SkippableLargeFactAttribute()
        {
            if (Environment.GetEnvironmentVariable("EDDY_LARGE_TESTS") != "1")
            {
                Skip = "Set EDDY_LARGE_TESTS=1 to run (needs ~3 GiB of memory).";
            }
        }
    }
}

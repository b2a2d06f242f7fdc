using System;
using System.Buffers;
using System.Collections.Generic;
using Eddy.Pooling;

namespace Eddy.Tests.Streams;

/// <summary>Bytes a stream holds in pooled blocks, per byte it stores.</summary>
public class StreamMemoryOverheadTests
{
    /// <summary>Rents real power-of-two blocks from a private <see cref="BlockPool"/> and counts what is out.</summary>
    private sealed class HeldBytesPool : ArrayPool<byte>
    {
        private readonly BlockPool _blocks = new();
        private readonly HashSet<byte[]> _out = new(ReferenceEqualityComparer.Instance);

        public long Held { get; private set; }

        public long PeakHeld { get; private set; }

        public override byte[] Rent(int minimumLength)
        {
            byte[] block = _blocks.Rent(minimumLength);
            Assert.True(_out.Add(block));
            Held += block.Length;
            PeakHeld = Math.Max(PeakHeld, Held);
            return block;
        }

        public override void Return(byte[] array, bool clearArray = false)
        {
            Assert.True(_out.Remove(array));
            Held -= array.Length;
            _blocks.Return(array, clearArray);
        }
    }

    [Theory]
    [InlineData(PooledMemoryStreamMode.Auto)]
    [InlineData(PooledMemoryStreamMode.Segmented)]
    public void Held_bytes_stay_within_a_quarter_of_the_content_from_64_KiB_up(PooledMemoryStreamMode mode)
    {
        byte[] piece = new byte[1024];
        foreach (int size in new[] { 64 << 10, 100_000, 128 << 10, 1 << 20, 1_500_000, 8 << 20, 20_000_001 })
        {
            var pool = new HeldBytesPool();
            using (var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool, Mode = mode }))
            {
                for (int written = 0; written < size; written += piece.Length)
                {
                    stream.Write(piece, 0, Math.Min(piece.Length, size - written));
                    double ratio = (double)pool.Held / stream.Length;
                    if (stream.Length >= 64 << 10)
                    {
                        Assert.True(ratio <= 1.25, $"{mode}: {pool.Held} bytes held for {stream.Length} stored ({ratio:F3})");
                    }
                }

                Assert.Equal(size, stream.Length);
            }

            Assert.Equal(0, pool.Held);
        }
    }
}

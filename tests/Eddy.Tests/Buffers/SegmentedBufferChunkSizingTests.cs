using System.Linq;
using Eddy.Buffers;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Buffers;

public class SegmentedBufferChunkSizingTests
{
    [Fact]
    public void One_big_write_fills_geometrically_growing_chunks_completely()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 4096, 1 << 20))
        {
            buffer.Write(new byte[1_000_000]);
            Assert.Equal(1_000_000, buffer.Length);
            // 4 KiB, then each chunk as long as everything before it while the rest of the write fills it; near the
            // end the chunk is the larger of what the rest fills and a quarter of what is held.
            Assert.Equal(new[] { 4096, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 262144, 131072, 131072 }, pool.RequestedLengths.ToArray());
            Assert.True(pool.RequestedLengths.Sum() <= 1.25 * buffer.Length);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Small_writes_open_chunks_of_a_quarter_of_what_is_held()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 4096, 1 << 20))
        {
            byte[] piece = new byte[1000];
            for (int i = 0; i < 1000; i++)
            {
                buffer.Write(piece);
                Assert.True(pool.RequestedLengths.Sum() <= 4096 + 1.25 * buffer.Length);
            }
        }

        pool.AssertAllReturned();
    }
    [Theory]
    [InlineData(100, 1024)]
    [InlineData(4096, 1024)]
    [InlineData(8191, 1024)]
    [InlineData(8192, 2048)]
    [InlineData(100_000, 16384)]
    public void A_first_chunk_sizes_the_next_at_a_quarter_of_it_and_never_below_the_initial_length(int first, int next)
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 1024, 1 << 20))
        {
            // A small span first, swapped for the big one while nothing is written.
            Assert.Equal(1024, buffer.GetSpan(1).Length);
            buffer.Advance(buffer.GetSpan(first).Length);
            buffer.Write(new byte[1]);
            int[] expected = first > 1024 ? [1024, first, next] : [1024, next];
            Assert.Equal(expected, pool.RequestedLengths.ToArray());
        }

        pool.AssertAllReturned();
    }
}

using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Threading.Tasks;
using Eddy.Pipelines;
using Eddy.Pooling;

namespace Eddy.Tests.Pipelines;

/// <summary>A real <see cref="Pipe"/> on Eddy's pool: a writer task and a reader task, every byte checked.</summary>
public sealed class PipeOnBlockMemoryPoolTests
{
    private const long Total = 24L << 20;

    [Theory]
    [InlineData(4096)]
    [InlineData(65536)]
    public async Task Pipe_pumps_every_byte_in_order_and_gives_every_block_back(int segmentSize)
    {
        var blocks = new BlockPool();
        using var pool = new BlockMemoryPool(blocks);
        var pipe = new Pipe(new PipeOptions(pool, minimumSegmentSize: segmentSize, pauseWriterThreshold: 256 * 1024, resumeWriterThreshold: 128 * 1024, useSynchronizationContext: false));

        Task writer = Task.Run(() => WriteAsync(pipe.Writer, seed: segmentSize));
        Task<long> reader = Task.Run(() => ReadAndCheckAsync(pipe.Reader, seed: segmentSize));
        await writer;
        Assert.Equal(Total, await reader);

        Assert.True(pool.RentedBlocks > 8, $"only {pool.RentedBlocks} blocks rented");
        Assert.Equal(0, pool.OutstandingBlocks);
        BlockPoolStatistics statistics = blocks.GetStatistics();
        Assert.Equal(statistics.RentedBlocks, statistics.ReturnedBlocks);
    }

    /// <summary>The byte at <paramref name="position"/> of the stream both sides agree on.</summary>
    private static byte Expected(long position, int seed) => (byte)((position * 31) ^ (position >> 9) ^ seed);

    private static async Task WriteAsync(PipeWriter writer, int seed)
    {
        var random = new Random(seed);
        long written = 0;
        while (written < Total)
        {
            // Sizes from a byte to past a segment, so writes both share and span segments.
            int size = (int)Math.Min(Total - written, random.Next(8) == 0 ? random.Next(1, 200_000) : random.Next(1, 9000));
            Memory<byte> memory = writer.GetMemory(random.Next(2) == 0 ? 0 : Math.Min(size, 70_000));
            int n = Math.Min(size, memory.Length);
            Span<byte> span = memory.Span;
            for (int i = 0; i < n; i++)
            {
                span[i] = Expected(written + i, seed);
            }

            writer.Advance(n);
            written += n;
            if (random.Next(3) == 0)
            {
                await writer.FlushAsync();
            }
        }

        await writer.CompleteAsync();
    }

    private static async Task<long> ReadAndCheckAsync(PipeReader reader, int seed)
    {
        long read = 0;
        while (true)
        {
            ReadResult result = await reader.ReadAsync();
            foreach (ReadOnlyMemory<byte> memory in result.Buffer)
            {
                ReadOnlySpan<byte> span = memory.Span;
                for (int i = 0; i < span.Length; i++)
                {
                    if (span[i] != Expected(read + i, seed))
                    {
                        Assert.Fail($"byte {read + i} is {span[i]}, expected {Expected(read + i, seed)}");
                    }
                }

                read += span.Length;
            }

            reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                break;
            }
        }

        await reader.CompleteAsync();
        return read;
    }
}

using System.Buffers;

namespace Eddy.Tests.Streams;

/// <summary>Chunks of 7..13 bytes: nearly every operation crosses a chunk boundary.</summary>
public sealed class TinyChunksStreamTests : PooledMemoryStreamSuite
{
    protected override PooledMemoryStreamOptions CreateOptions(ArrayPool<byte> pool) =>
        new() { Pool = pool, Mode = PooledMemoryStreamMode.Segmented, ChunkLength = 7, MaximumChunkLength = 13 };

    protected override int SteadyStateBytes => 150;
}

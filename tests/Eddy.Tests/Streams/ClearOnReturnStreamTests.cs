using System.Buffers;

namespace Eddy.Tests.Streams;

/// <summary>Automatic mode with clear-on-return.</summary>
public sealed class ClearOnReturnStreamTests : PooledMemoryStreamSuite
{
    protected override PooledMemoryStreamOptions CreateOptions(ArrayPool<byte> pool) =>
        new() { Pool = pool, Mode = PooledMemoryStreamMode.Auto, SegmentThreshold = 512, ChunkLength = 128, MaximumChunkLength = 1024, ClearOnReturn = true };

    protected override int SteadyStateBytes => 8_000;
}

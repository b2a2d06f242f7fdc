using System.Buffers;

namespace Eddy.Tests.Streams;

/// <summary>Automatic mode switching to chunks past 300 bytes, so sequences cross the switch often.</summary>
public sealed class AutoTinyThresholdStreamTests : PooledMemoryStreamSuite
{
    protected override PooledMemoryStreamOptions CreateOptions(ArrayPool<byte> pool) =>
        new() { Pool = pool, Mode = PooledMemoryStreamMode.Auto, SegmentThreshold = 300, ChunkLength = 64, MaximumChunkLength = 256 };

    protected override int SteadyStateBytes => 1_500;
}

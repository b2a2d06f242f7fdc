using System.Buffers;

namespace Eddy.Tests.Streams;

/// <summary>Chunks from the first write (default chunk lengths).</summary>
public sealed class SegmentedStreamTests : PooledMemoryStreamSuite
{
    protected override PooledMemoryStreamOptions CreateOptions(ArrayPool<byte> pool) =>
        new() { Pool = pool, Mode = PooledMemoryStreamMode.Segmented };
}

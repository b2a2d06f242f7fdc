using System.Buffers;

namespace Eddy.Tests.Streams;

/// <summary>One pooled array, grown by copying, like MemoryStream.</summary>
public sealed class ContiguousStreamTests : PooledMemoryStreamSuite
{
    protected override PooledMemoryStreamOptions CreateOptions(ArrayPool<byte> pool) =>
        new() { Pool = pool, Mode = PooledMemoryStreamMode.Contiguous };

    protected override bool HasMemoryStreamLimits => true;
}

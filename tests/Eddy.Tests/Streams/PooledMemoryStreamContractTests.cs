using System.Buffers;
using Eddy.Tests.Buffers;

namespace Eddy.Tests.Streams;

/// <summary>The shared <see cref="IBufferWriter{T}"/> contract, once per stream mode.</summary>
public abstract class PooledMemoryStreamContractTests : BufferWriterContract
{
    protected abstract PooledMemoryStreamMode Mode { get; }

    protected override WriterUnderTest Create(ArrayPool<byte> pool)
    {
        var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = Mode, Pool = pool });
        return new WriterUnderTest(stream, () => stream.Length, stream.ToArray, bytes => stream.Write(bytes), stream.Reset, stream);
    }
}

public sealed class AutoStreamContractTests : PooledMemoryStreamContractTests
{
    protected override PooledMemoryStreamMode Mode => PooledMemoryStreamMode.Auto;
}

public sealed class ContiguousStreamContractTests : PooledMemoryStreamContractTests
{
    protected override PooledMemoryStreamMode Mode => PooledMemoryStreamMode.Contiguous;
}

public sealed class SegmentedStreamContractTests : PooledMemoryStreamContractTests
{
    protected override PooledMemoryStreamMode Mode => PooledMemoryStreamMode.Segmented;
}

using Microsoft.IO;

namespace Eddy.Benchmarks.Streams;

/// <summary>Shared state of the stream benchmarks: one RecyclableMemoryStream manager, as its users keep one.</summary>
internal static class StreamFactory
{
    public static readonly RecyclableMemoryStreamManager Recyclable = new();

    public static readonly PooledMemoryStreamOptions Contiguous = new() { Mode = PooledMemoryStreamMode.Contiguous };

    public static readonly PooledMemoryStreamOptions Segmented = new() { Mode = PooledMemoryStreamMode.Segmented };
}

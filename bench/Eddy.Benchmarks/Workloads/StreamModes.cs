namespace Eddy.Benchmarks.Workloads;

/// <summary>The options that force a <see cref="PooledMemoryStream"/> layout, for the Eddy-contiguous and Eddy-segmented rows.</summary>
internal static class StreamModes
{
    /// <summary>One pooled array that doubles, never segments (up to 2 GiB, like MemoryStream).</summary>
    public static readonly PooledMemoryStreamOptions Contiguous = new() { Mode = PooledMemoryStreamMode.Contiguous };

    /// <summary>Pooled chunks from the first write.</summary>
    public static readonly PooledMemoryStreamOptions Segmented = new() { Mode = PooledMemoryStreamMode.Segmented };
}

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// The implementation ids, as they appear in the comparison table, summary.json and the charts.
/// </summary>
public static class ImplementationIds
{
    public const string Eddy = "Eddy";
    public const string EddyContiguous = "Eddy-contiguous";
    public const string EddySegmented = "Eddy-segmented";
    public const string EddyConcurrent = "Eddy-concurrent";
    public const string EddyThreadStatic = "Eddy-threadstatic";
    public const string EddySelfReturningDropped = "Eddy-dropped";
    public const string EddySelfReturningDisposed = "Eddy-disposed";
    public const string MemoryStream = "MemoryStream";
    public const string RecyclableMemoryStream = "RecyclableMemoryStream";
    public const string ArrayPoolShared = "ArrayPool.Shared";
    public const string BinaryWriter = "BinaryWriter";
    public const string ArrayBufferWriter = "ArrayBufferWriter";
    public const string CommunityToolkit = "CommunityToolkit";
    public const string NewArray = "NewArray";
    public const string EddySpill = "Eddy-spill";
    public const string FileBufferingWriteStream = "FileBufferingWriteStream";
    public const string MemoryPoolShared = "MemoryPool.Shared";

    /// <summary>
    /// A minimal <see cref="System.Buffers.MemoryPool{T}"/> over <see cref="System.Buffers.ArrayPool{T}.Shared"/>: what
    /// any pool other than <see cref="System.Buffers.MemoryPool{T}.Shared"/> costs a <c>Pipe</c>, which bypasses only that one.
    /// </summary>
    public const string MemoryPoolOverArrayPool = "MemoryPool-over-ArrayPool.Shared";

    /// <summary>K4os.Streams' ResizingByteBufferStream (built from source: not served by the NuGet feed here).</summary>
    public const string K4osResizing = "K4os.Streams-resizing";

    /// <summary>K4os.Streams' ChunkedByteBufferStream (built from source).</summary>
    public const string K4osChunked = "K4os.Streams-chunked";

    /// <summary>PooledStream's PooledMemoryStream on ArrayPool&lt;byte&gt;.Shared (built from source).</summary>
    public const string PooledStream = "PooledStream";

    /// <summary>Nerdbank.Streams' Sequence&lt;byte&gt; on ArrayPool&lt;byte&gt;.Shared: segmented, compared with Eddy-segmented.</summary>
    public const string NerdbankSequence = "Nerdbank.Streams-Sequence";

    /// <summary>DotNext's SparseBufferWriter&lt;byte&gt; on its default pool: segmented, compared with Eddy-segmented.</summary>
    public const string DotNextSparse = "DotNext-sparse";

    /// <summary>DotNext's PoolingArrayBufferWriter&lt;byte&gt; on ArrayPool&lt;byte&gt;.Shared: contiguous, compared with Eddy-contiguous.</summary>
    public const string DotNextPoolingArray = "DotNext-pooling-array";

    /// <summary>DotNext's FileBufferingWriter: spills to a temporary file past its memory threshold, compared with Eddy-spill.</summary>
    public const string DotNextSpill = "DotNext-spill";

    /// <summary>Eddy on blocks placed about 1 KiB apart modulo 4 KiB (the layout workload's baseline).</summary>
    public const string EddySpreadBlocks = "Eddy-spread-blocks";

    /// <summary>Eddy on blocks pinned back to back, 24 bytes apart modulo 4 KiB.</summary>
    public const string EddyBackToBackBlocks = "Eddy-back-to-back-blocks";

    /// <summary>The same copies into a preallocated array: no growth, no pooling, the physical limit.</summary>
    public const string Floor = "Floor";

    /// <summary>Every id a workload method may carry, in the order tables and legends list them.</summary>
    public static readonly string[] All =
    [
        Eddy, EddyContiguous, EddySegmented, EddyConcurrent, EddyThreadStatic, EddySelfReturningDropped, EddySelfReturningDisposed, MemoryStream, RecyclableMemoryStream, ArrayPoolShared, BinaryWriter,
        ArrayBufferWriter, CommunityToolkit, NewArray, EddySpill, FileBufferingWriteStream, MemoryPoolShared,
        MemoryPoolOverArrayPool,
        K4osResizing, K4osChunked, PooledStream, NerdbankSequence, DotNextSparse, DotNextPoolingArray, DotNextSpill, EddySpreadBlocks, EddyBackToBackBlocks, Floor,
    ];
}

namespace Eddy;

/// <summary>How a <see cref="PooledMemoryStream"/> lays out its bytes.</summary>
public enum PooledMemoryStreamMode
{
    /// <summary>
    /// One contiguous pooled array while the stream is small; past
    /// <see cref="PooledMemoryStreamOptions.SegmentThreshold"/> the array becomes the first chunk of a segmented
    /// buffer (no copy) and the stream grows by chunks from then on. The default.
    /// </summary>
    Auto = 0,

    /// <summary>
    /// Always one contiguous pooled array, grown by renting a larger one and copying the written bytes, like
    /// <c>MemoryStream</c>. Limited to <see cref="int.MaxValue"/> bytes like <c>MemoryStream</c>.
    /// </summary>
    Contiguous = 1,

    /// <summary>
    /// A chain of pooled chunks: growth never copies, and the length may pass 2 GiB. The first chunk
    /// (<see cref="PooledMemoryStreamOptions.ChunkLength"/>) is a plain pooled array until the stream outgrows it, so
    /// a small segmented stream is as cheap as a small contiguous one (and <see cref="PooledMemoryStream.TryGetBuffer"/>
    /// works until then); the array then becomes the first chunk, without a copy.
    /// </summary>
    Segmented = 2,
}

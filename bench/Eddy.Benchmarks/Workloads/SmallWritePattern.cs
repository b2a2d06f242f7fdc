namespace Eddy.Benchmarks.Workloads;

/// <summary>The [small-writes] patterns: one million calls of each.</summary>
public enum SmallWritePattern
{
    /// <summary>Stream.WriteByte, one byte per call.</summary>
    WriteByte,

    /// <summary>Stream.Write(byte[], int, int) with 6 bytes per call.</summary>
    Write6Array,

    /// <summary>Stream.Write(ReadOnlySpan{byte}) with 6 bytes per call, the path BinaryWriter and most modern callers take.</summary>
    Write6Span,
}

using System.Buffers;

namespace Eddy.Benchmarks.Micro.SelfReturning;

/// <summary>
/// The alternative to <c>RescueGuard</c> that was measured: a new small finalizable object per stream, referenced only by the
/// stream, that holds the stream's chunks and returns them from its finalizer; Dispose suppresses finalization.
/// </summary>
public sealed class FinalizableChunkOwner
{
    public FinalizableChunkOwner(byte[] chunk) => Chunk = chunk;

    ~FinalizableChunkOwner()
    {
        if (Chunk is { } chunk)
        {
            ArrayPool<byte>.Shared.Return(chunk);
        }
    }

    public byte[]? Chunk { get; set; }
}

using System.Buffers;

namespace Eddy.Benchmarks.SelfReturning;

/// <summary>
/// The alternative to <c>RescueTracker</c> that was measured: a small finalizable object, referenced only by the
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

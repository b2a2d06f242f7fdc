using System.IO;
using System.Runtime.CompilerServices;
using Eddy.Benchmarks.Harness;
using Eddy.Benchmarks.Workloads;

namespace Eddy.Benchmarks.Micro.Streams;

/// <summary>
/// The [k4os] workload's loop (write in 1 KiB pieces, rewind, read back in 8 KiB pieces) with its buffers, for
/// micro-benchmarks that run it on streams or pools the workload does not.
/// </summary>
public abstract class K4osLoopBenchmarks
{
    private readonly byte[] _piece = TestData.Bytes(StreamWriteReadBenchmarks.WritePiece);
    private readonly byte[] _readBuffer = new byte[StreamWriteReadBenchmarks.ReadPiece];

    /// <summary>The workload's own loop, inlined so that every stream is called through its exact type.</summary>
    /// <returns>Bytes read back plus the first byte of every read: equal for every correct stream.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    protected long WriteThenRead<TStream>(TStream stream, int bytes)
        where TStream : Stream =>
        StreamWriteReadBenchmarks.WriteThenRead(stream, _piece, _readBuffer, bytes);
}

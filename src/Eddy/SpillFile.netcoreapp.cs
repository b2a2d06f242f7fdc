using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Eddy;

// RandomAccess: positional I/O on the handle, with no shared file position to move.
internal sealed partial class SpillFile
{
    public int ReadAt(Span<byte> buffer, long offset) => RandomAccess.Read(_stream.SafeFileHandle, buffer, offset);

    public ValueTask<int> ReadAtAsync(Memory<byte> buffer, long offset, CancellationToken cancellationToken) =>
        RandomAccess.ReadAsync(_stream.SafeFileHandle, buffer, offset, cancellationToken);

    public void WriteAt(ReadOnlySpan<byte> buffer, long offset) => RandomAccess.Write(_stream.SafeFileHandle, buffer, offset);

    public ValueTask WriteAtAsync(ReadOnlyMemory<byte> buffer, long offset, CancellationToken cancellationToken) =>
        RandomAccess.WriteAsync(_stream.SafeFileHandle, buffer, offset, cancellationToken);
}

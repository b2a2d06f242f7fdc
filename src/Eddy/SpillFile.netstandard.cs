using System;
using System.Threading;
using System.Threading.Tasks;

namespace Eddy;

// netstandard2.1 has no RandomAccess: each call moves the file position first.
internal sealed partial class SpillFile
{
    public int ReadAt(Span<byte> buffer, long offset)
    {
        _stream.Position = offset;
        return _stream.Read(buffer);
    }

    public ValueTask<int> ReadAtAsync(Memory<byte> buffer, long offset, CancellationToken cancellationToken)
    {
        _stream.Position = offset;
        return _stream.ReadAsync(buffer, cancellationToken);
    }

    public void WriteAt(ReadOnlySpan<byte> buffer, long offset)
    {
        _stream.Position = offset;
        _stream.Write(buffer);
    }

    public ValueTask WriteAtAsync(ReadOnlyMemory<byte> buffer, long offset, CancellationToken cancellationToken)
    {
        _stream.Position = offset;
        return _stream.WriteAsync(buffer, cancellationToken);
    }
}

using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Eddy.FileBuffering;

// RandomAccess: positional I/O on the handle, with no shared file position to move.
internal sealed partial class SpillFile
{
    /// <summary>
    /// Creates the file at <paramref name="path"/> (it must not exist) readable and writable by its owner only: on Unix
    /// the mode is given to the system call that creates it, so there is no moment at which others may open it.
    /// </summary>
    internal static FileStream CreatePrivate(string path, FileOptions options)
    {
        var settings = new FileStreamOptions
        {
            Mode = FileMode.CreateNew,
            Access = FileAccess.ReadWrite,
            Share = FileShare.None,
            Options = options,
            BufferSize = 0, // no FileStream buffer: the stream keeps its read-ahead in a pooled array
        };
        if (!OperatingSystem.IsWindows())
        {
            settings.UnixCreateMode = UnixFileMode.UserRead | UnixFileMode.UserWrite;
        }

        return new FileStream(path, settings);
    }

    public int ReadAt(Span<byte> buffer, long offset) => RandomAccess.Read(_stream.SafeFileHandle, buffer, offset);

    public ValueTask<int> ReadAtAsync(Memory<byte> buffer, long offset, CancellationToken cancellationToken) =>
        RandomAccess.ReadAsync(_stream.SafeFileHandle, buffer, offset, cancellationToken);

    public void WriteAt(ReadOnlySpan<byte> buffer, long offset) => RandomAccess.Write(_stream.SafeFileHandle, buffer, offset);

    public ValueTask WriteAtAsync(ReadOnlyMemory<byte> buffer, long offset, CancellationToken cancellationToken) =>
        RandomAccess.WriteAsync(_stream.SafeFileHandle, buffer, offset, cancellationToken);
}

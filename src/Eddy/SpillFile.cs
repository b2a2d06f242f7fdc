using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Eddy;

/// <summary>
/// The temporary file behind a spilled <see cref="FileBufferingStream"/>: positional reads and writes with no
/// buffering of its own, so a write either reaches the operating system or fails at the call that made it.
/// </summary>
internal sealed partial class SpillFile : IDisposable, IAsyncDisposable
{
    // Positional reads and writes (ReadAt, WriteAt and their async forms) are in the target-specific parts.
    private readonly FileStream _stream;

    private SpillFile(FileStream stream) => _stream = stream;

    /// <summary>The file's full path; the file is deleted when this object is disposed.</summary>
    public string Path => _stream.Name;

    /// <summary>True when the file was opened for asynchronous (overlapped) I/O.</summary>
    public bool IsAsync => _stream.IsAsync;

    /// <summary>Creates a new, empty file in <paramref name="directory"/>.</summary>
    /// <param name="directory">Where to create it; null means the system's temporary directory.</param>
    /// <param name="asynchronous">Open for overlapped I/O: the stream is being used through its async members.</param>
    public static SpillFile Create(string? directory, bool asynchronous)
    {
        string path = System.IO.Path.Combine(directory ?? System.IO.Path.GetTempPath(), "eddy-" + System.IO.Path.GetRandomFileName());
        var options = FileOptions.DeleteOnClose | (asynchronous ? FileOptions.Asynchronous : FileOptions.None);

        // bufferSize 1 turns FileStream's own buffer off: the stream keeps its read-ahead in a pooled array.
        return new SpillFile(new FileStream(path, FileMode.CreateNew, FileAccess.ReadWrite, FileShare.None, bufferSize: 1, options));
    }

    /// <summary>Cuts or extends the file; an extension reads as zeros.</summary>
    public void SetLength(long length) => _stream.SetLength(length);

    public void Dispose() => _stream.Dispose();

    /// <summary>
    /// Closes and so deletes the file on the thread pool: with no buffer there is nothing to flush, but the close
    /// and the unlink of a large file are blocking system calls that the caller's thread need not wait in.
    /// </summary>
    public ValueTask DisposeAsync() => new(Task.Run(_stream.Dispose));
}

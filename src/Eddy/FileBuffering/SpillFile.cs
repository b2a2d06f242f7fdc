using System;
using System.IO;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Internal;

namespace Eddy.FileBuffering;

/// <summary>
/// The temporary file behind a spilled <see cref="FileBufferingStream"/>: positional reads and writes with no
/// buffering of its own, so a write either reaches the operating system or fails at the call that made it.
/// </summary>
/// <remarks>
/// The file is created readable and writable by its owner only. On Unix its name is removed as soon as it is open:
/// the open handle keeps the bytes, nobody can open the file by name any more, and the kernel frees it when the
/// handle closes, however the process ends. Windows cannot remove an open file's name, so there it is opened with
/// <see cref="FileOptions.DeleteOnClose"/>, which the system honours when the last handle closes, a killed process's
/// included.
/// </remarks>
internal sealed partial class SpillFile : IDisposable, IAsyncDisposable
{
    // Positional reads and writes (ReadAt, WriteAt and their async forms) and the owner-only creation are in the
    // target-specific parts.
    private readonly FileStream _stream;

    private SpillFile(FileStream stream) => _stream = stream;

    /// <summary>The path the file was created at; on Unix nothing is there any more (the name went at once).</summary>
    public string Path => _stream.Name;

    /// <summary>True when the file was opened for asynchronous (overlapped) I/O.</summary>
    public bool IsAsync => _stream.IsAsync;

    /// <summary>The file's length, read from the open handle.</summary>
    public long Length => _stream.Length;

    /// <summary>Creates a new, empty, owner-only file in <paramref name="directory"/> and, on Unix, unlinks it.</summary>
    /// <param name="directory">Where to create it; null means the system's temporary directory.</param>
    /// <param name="asynchronous">Open for overlapped I/O: the stream is being used through its async members.</param>
    public static SpillFile Create(string? directory, bool asynchronous)
    {
        string folder = directory ?? System.IO.Path.GetTempPath();
        string path = System.IO.Path.Combine(folder, "eddy-" + System.IO.Path.GetRandomFileName());
        bool windows = RuntimeInformation.IsOSPlatform(OSPlatform.Windows);
        var options = (windows ? FileOptions.DeleteOnClose : FileOptions.None) | (asynchronous ? FileOptions.Asynchronous : FileOptions.None);
        FileStream stream;
        try
        {
            stream = CreatePrivate(path, options);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            ThrowCannotCreate(folder, exception);
            throw;
        }

        if (!windows)
        {
            try
            {
                File.Delete(path);
            }
            catch (Exception)
            {
                // A file whose name cannot go could outlive the process: give it up rather than write into it.
                stream.Dispose();
                TryDelete(path);
                throw;
            }
        }

        return new SpillFile(stream);
    }

    /// <summary>Cuts or extends the file; an extension reads as zeros.</summary>
    public void SetLength(long length) => _stream.SetLength(length);

    public void Dispose() => _stream.Dispose();

    /// <summary>
    /// Closes (and so frees) the file on the thread pool: with no buffer there is nothing to flush, but closing the
    /// last handle of a large file is a blocking system call that the caller's thread need not wait in.
    /// </summary>
    public ValueTask DisposeAsync() => new(Task.Run(_stream.Dispose));

    /// <summary>Says what is wrong with <paramref name="folder"/>, naming it: the system's own message names only the file.</summary>
    private static void ThrowCannotCreate(string folder, Exception error)
    {
        string where = "The temporary directory '" + folder + "' (FileBufferingStreamOptions.TempDirectory) ";
        if (File.Exists(folder))
        {
            ThrowHelper.ThrowIOException(where + "is a file, not a directory.", error);
        }

        if (!Directory.Exists(folder))
        {
            ThrowHelper.ThrowDirectoryNotFoundException(where + "does not exist.", error);
        }

        if (error is UnauthorizedAccessException)
        {
            ThrowHelper.ThrowUnauthorizedAccessException(where + "does not let this process create files: " + error.Message, error);
        }

        ThrowHelper.ThrowIOException(where + "cannot hold files: " + error.Message, error);
    }

    private static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
        }
    }
}

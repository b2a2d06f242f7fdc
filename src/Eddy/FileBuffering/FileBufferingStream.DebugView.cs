using System.Diagnostics;

namespace Eddy.FileBuffering;

[DebuggerDisplay("{DebuggerDisplay,nq}")]
[DebuggerTypeProxy(typeof(DebugView))]
public sealed partial class FileBufferingStream
{
    private string DebuggerDisplay =>
        _disposed ? "Disposed" : $"{(_file is null ? "In memory" : "Spilled")}, Length = {Length}, Position = {Position}";

    /// <summary>What the debugger shows of a spilling stream: where the bytes are, its length and position, and the in-memory part.</summary>
    internal sealed class DebugView
    {
        private readonly FileBufferingStream _stream;

        public DebugView(FileBufferingStream stream)
        {
            _stream = stream;
        }

        public bool IsDisposed => _stream._disposed;

        public bool IsSpilled => _stream._file is not null;

        public string? TempFilePath => _stream._file?.Path;

        public long Length => _stream._disposed ? 0 : _stream.Length;

        public long Position => _stream._disposed ? 0 : _stream.Position;

        /// <summary>The memory stream that holds the bytes until the stream spills.</summary>
        public PooledMemoryStream Memory => _stream._memory;
    }
}

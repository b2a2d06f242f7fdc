using System;
using System.IO;
using Eddy.Internal;

namespace Eddy.FileBuffering;

/// <summary>
/// A seekable, readable and writable stream that keeps its bytes in Eddy's pooled chunks (a
/// <see cref="PooledMemoryStream"/>) up to <see cref="FileBufferingStreamOptions.MemoryThreshold"/>, then moves them
/// into a temporary file and carries on there. Wherever the two overlap it behaves as <see cref="MemoryStream"/> and
/// <see cref="PooledMemoryStream"/> do: the same argument checks, exceptions and positioning rules.
/// </summary>
/// <remarks>
/// <para>
/// The file is created only when a write or <see cref="SetLength"/> would pass the threshold, readable and writable
/// by its owner only (and opened with <see cref="FileOptions.Asynchronous"/> when that crossing came through an async
/// member). On Unix its name is removed as soon as it is open, so no other process can open it and nothing is left
/// behind however the process ends; on Windows it is opened with <see cref="FileOptions.DeleteOnClose"/>. The pooled
/// chunks go back to the pool as soon as their bytes are in the file; the stream stays on disk until it is disposed.
/// </para>
/// <para>
/// Past the threshold the stream goes through one pooled file buffer of
/// <see cref="FileBufferingStreamOptions.FileBufferSize"/> bytes: writes shorter than it are gathered there and reach
/// the file as one write when the buffer is full, when the next write does not continue them, or at the next read,
/// <see cref="Flush"/>, <see cref="SetLength"/> or copy; longer writes go to the file at once. Reads shorter than it
/// are served from a read-ahead in the same buffer. A full disk or any other I/O error surfaces as the exception of
/// the call that wrote to the file, with <see cref="Length"/> and <see cref="Position"/> as before that call; gathered
/// bytes whose write failed stay in the buffer, counted in <see cref="Length"/>, and the next call that needs the
/// file writes them again, so nothing written before is lost.
/// </para>
/// <para>Like <see cref="MemoryStream"/>, an instance is not safe for concurrent use.</para>
/// </remarks>
public sealed partial class FileBufferingStream : Stream
{
    private const string LimitMessage = "The stream would grow to {0} bytes, past its limit of {1} bytes (FileBufferingStreamOptions.MaximumLength); nothing was written.";

    private const string SpillBackOffMessage = "Moving the content to a temporary file failed {0} ms ago ({1}); the content stays in memory and the stream tries again in {2} ms.";

    private readonly FileBufferingStreamOptions _options;

    // Holds the bytes until the spill. After the spill and after Dispose it stays here disposed: a closed stream
    // answers every call exactly as a closed PooledMemoryStream, and so as a closed MemoryStream, does.
    private readonly PooledMemoryStream _memory;
    private SpillFile? _file;
    private bool _disposed;

    // While spilled: the stream's own position and length (the file is as long as _length).
    private long _position;
    private long _length;

    // The last failed move to the file and when it happened (Stopwatch ticks): writes that need the file fail at
    // once until FileBufferingStreamOptions.SpillRetryDelay has passed.
    private Exception? _spillFailure;
    private long _spillFailedAt;

    // The file buffer, pooled, in one of two roles at a time: the read-ahead (_readCount bytes of the file starting
    // at _readStart) or the gathered writes (_writeCount bytes the file is to get at _writeStart, counted in _length).
    private byte[]? _fileBuffer;
    private int _fileBufferUsed; // how far content has reached into _fileBuffer, for the clearing on return
    private long _readStart;
    private int _readCount;
    private long _writeStart;
    private int _writeCount;

    // The file's own length while spilled: _length, less what is still gathered past the file's end.
    private long _fileLength;

    /// <summary>A stream with the default options: 1 MiB in memory, then a file in the system's temporary directory.</summary>
    public FileBufferingStream()
        : this(null)
    {
    }

    /// <summary>A stream with the given options; null means <see cref="FileBufferingStreamOptions.Default"/>.</summary>
    public FileBufferingStream(FileBufferingStreamOptions? options)
    {
        _options = options ?? FileBufferingStreamOptions.Default;
        _memory = new PooledMemoryStream(_options.EffectiveMemoryOptions);
    }

    /// <summary>The options this stream was created with.</summary>
    public FileBufferingStreamOptions Options => _options;

    /// <summary>True once the content has moved to the temporary file (false again after disposal).</summary>
    public bool IsSpilled => _file is not null;

    /// <summary>
    /// The path the temporary file was created at while the stream is spilled; null before the spill and after
    /// disposal. On Unix the name is already gone: the file lives on only through the stream's handle.
    /// </summary>
    internal string? TempFilePath => _file?.Path;

    /// <summary>The temporary file's length as the operating system reports it for the open handle.</summary>
    internal long SpillFileLength => _file!.Length;

    /// <summary>How many times the stream has tried to move its content to a file.</summary>
    internal int SpillAttempts { get; private set; }

    /// <summary>True when the temporary file is open for asynchronous I/O (the spill came through an async member).</summary>
    internal bool IsFileAsync => _file?.IsAsync == true;

    /// <inheritdoc/>
    public override bool CanRead => _file is not null || _memory.CanRead;

    /// <inheritdoc/>
    public override bool CanSeek => _file is not null || _memory.CanSeek;

    /// <inheritdoc/>
    public override bool CanWrite => _file is not null || _memory.CanWrite;

    /// <inheritdoc/>
    public override long Length => _file is null ? _memory.Length : _length;

    /// <inheritdoc/>
    public override long Position
    {
        get => _file is null ? _memory.Position : _position;
        set
        {
            if (_file is null)
            {
                _memory.Position = value;
                return;
            }

            ThrowHelper.ThrowIfNegative(value);
            _position = value;
        }
    }

    /// <inheritdoc/>
    public override long Seek(long offset, SeekOrigin origin)
    {
        if (_file is null)
        {
            return _memory.Seek(offset, origin);
        }

        long target = StreamArguments.SeekTarget(offset, origin, _position, _length, long.MaxValue);
        _position = target;
        return target;
    }

    /// <inheritdoc/>
    /// <remarks>A length past the memory threshold moves the content to the file first; one past
    /// <see cref="FileBufferingStreamOptions.MaximumLength"/> throws <see cref="IOException"/> and changes nothing.</remarks>
    public override void SetLength(long value)
    {
        if (_file is null)
        {
            if (_disposed || value <= _options.MemoryThreshold)
            {
                EnsureWithinLimit(value);
                _memory.SetLength(value);
                return;
            }

            EnsureWithinLimit(value);
            Spill();
        }

        if (value < 0)
        {
            // MemoryStream's exception and the in-memory stage's wording.
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(value), PooledMemoryStream.StreamLengthMessage);
        }

        EnsureWithinLimit(value);
        DropReadAhead();
        DropGatheredFrom(value);
        FlushGathered();
        SpillFile file = _file!;
        file.SetLength(value);
        _fileLength = value;
        _length = value;
        if (_position > value)
        {
            _position = value;
        }
    }

    /// <inheritdoc/>
    /// <remarks>Writes the bytes gathered in the file buffer to the file; in memory there is nothing to do.</remarks>
    public override void Flush()
    {
        if (_file is not null)
        {
            FlushGathered();
        }
    }

    /// <inheritdoc/>
    public override int Read(byte[] buffer, int offset, int count)
    {
        StreamArguments.ValidateBuffer(buffer, offset, count);
        return Read(new Span<byte>(buffer, offset, count));
    }

    /// <inheritdoc/>
    public override int Read(Span<byte> buffer)
    {
        if (_file is null)
        {
            return _memory.Read(buffer);
        }

        FlushGathered();
        int total = 0;
        int wanted = Available(buffer.Length);
        while (total < wanted)
        {
            Span<byte> rest = buffer.Slice(total, wanted - total);
            int n = CopyFromReadAhead(rest);
            if (n == 0)
            {
                if (rest.Length < _options.FileBufferSize)
                {
                    FillReadAhead();
                    continue;
                }

                n = ReadFileExactly(rest);
            }

            _position += n;
            total += n;
        }

        return total;
    }

    /// <inheritdoc/>
    public override int ReadByte()
    {
        if (_file is null)
        {
            return _memory.ReadByte();
        }

        Span<byte> one = stackalloc byte[1];
        return Read(one) == 1 ? one[0] : -1;
    }

    /// <inheritdoc/>
    public override void Write(byte[] buffer, int offset, int count)
    {
        StreamArguments.ValidateBuffer(buffer, offset, count);
        Write(new ReadOnlySpan<byte>(buffer, offset, count));
    }

    /// <inheritdoc/>
    /// <remarks>A write that would pass the memory threshold moves the content to the file first; one that would pass
    /// <see cref="FileBufferingStreamOptions.MaximumLength"/> throws <see cref="IOException"/> and changes nothing.</remarks>
    public override void Write(ReadOnlySpan<byte> buffer)
    {
        if (StaysInMemory(buffer.Length))
        {
            _memory.Write(buffer);
            return;
        }

        if (_file is null)
        {
            Spill();
        }

        if (!StartFileWrite(buffer.Length))
        {
            return;
        }

        if (!Gathers(buffer.Length))
        {
            FlushGathered();
            if (buffer.Length >= _options.FileBufferSize)
            {
                WriteFile(buffer);
                return;
            }
        }

        Gather(buffer);
    }

    /// <inheritdoc/>
    public override void WriteByte(byte value)
    {
        if (StaysInMemory(1))
        {
            _memory.WriteByte(value);
            return;
        }

        ReadOnlySpan<byte> one = stackalloc byte[1] { value };
        Write(one);
    }

    /// <inheritdoc/>
    public override void CopyTo(Stream destination, int bufferSize)
    {
        StreamArguments.ValidateCopyTo(destination, bufferSize);
        if (_file is null)
        {
            _memory.CopyTo(destination, bufferSize);
            return;
        }

        FlushGathered();
        byte[] chunk = Pool.Rent(Math.Max(bufferSize, _options.FileBufferSize));
        int used = CopyBufferReach(chunk);
        try
        {
            int n;
            while ((n = Read(chunk.AsSpan())) > 0)
            {
                destination.Write(chunk, 0, n);
            }
        }
        finally
        {
            ReturnBuffer(chunk, used);
        }
    }

    /// <summary>Copies the content, whatever the position, into a new array (like <see cref="MemoryStream.ToArray"/>).</summary>
    /// <exception cref="ObjectDisposedException">The stream is disposed.</exception>
    public byte[] ToArray()
    {
        if (_file is null)
        {
            return _memory.ToArray();
        }

        byte[] copy = new byte[_length];
        long position = _position;
        _position = 0;
        try
        {
            int read = Read(copy);
            if (read != copy.Length)
            {
                ThrowFileTooShort();
            }
        }
        finally
        {
            _position = position;
        }

        return copy;
    }

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (!disposing || _disposed)
        {
            base.Dispose(disposing);
            return;
        }

        _disposed = true;
        try
        {
            _file?.Dispose();
        }
        finally
        {
            _file = null;
            ReturnFileBuffer();
            _memory.Dispose();
            base.Dispose(disposing);
        }
    }
}

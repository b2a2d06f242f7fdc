using System;
using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using Eddy.Internal;

namespace Eddy.FileBuffering;

// The limit checks, the move to the temporary file and the file buffer (gathered writes and the read-ahead).
public sealed partial class FileBufferingStream
{
    private ArrayPool<byte> Pool => _options.EffectiveMemoryOptions.EffectivePool;

    /// <summary>
    /// True when a write of <paramref name="count"/> bytes at the position goes to the memory stream: it still fits
    /// under the threshold, or the stream is closed and the memory stream throws as it should. Throws when the write
    /// would pass the limit, before anything changes.
    /// </summary>
    private bool StaysInMemory(int count)
    {
        if (_disposed)
        {
            return true;
        }

        long position = _file is null ? _memory.Position : _position;
        EnsureWithinLimit(position, count);
        return _file is null && position <= _options.MemoryThreshold - count;
    }

    private void EnsureWithinLimit(long length)
    {
        if (length > _options.MaximumLength && !_disposed)
        {
            ThrowLimitReached(length);
        }
    }

    private void EnsureWithinLimit(long position, int count)
    {
        if (count > _options.MaximumLength - position)
        {
            ThrowLimitReached(position + (long)count);
        }
    }

    private void ThrowLimitReached(long length) =>
        ThrowHelper.ThrowIOException(string.Format(System.Globalization.CultureInfo.InvariantCulture, LimitMessage, length, _options.MaximumLength));

    private static void ThrowFileTooShort() =>
        ThrowHelper.ThrowIOException("The temporary file ended before the stream's length: it was changed by someone else.");

    /// <summary>
    /// Before a move to the file: throws at once, touching no disk, while the last failed move is more recent than
    /// <see cref="FileBufferingStreamOptions.SpillRetryDelay"/>; otherwise counts the attempt.
    /// </summary>
    private void StartSpill()
    {
        Exception? failure = _spillFailure;
        if (failure is not null)
        {
            long elapsed = (Stopwatch.GetTimestamp() - _spillFailedAt) * 1000 / Stopwatch.Frequency;
            long delay = (long)_options.SpillRetryDelay.TotalMilliseconds;
            if (elapsed < delay)
            {
                ThrowHelper.ThrowIOException(
                    string.Format(CultureInfo.InvariantCulture, SpillBackOffMessage, elapsed, failure.Message, delay - elapsed),
                    failure);
            }

            _spillFailure = null;
        }

        SpillAttempts++;
    }

    /// <summary>Remembers a failed move so that the writes right after it do not copy the content out again.</summary>
    private void SpillFailed(Exception failure)
    {
        if (failure is OperationCanceledException)
        {
            return; // the caller gave up; nothing is wrong with the disk
        }

        _spillFailure = failure;
        _spillFailedAt = Stopwatch.GetTimestamp();
    }

    /// <summary>Moves the content to a new temporary file and gives the pooled chunks back; on failure nothing changes.</summary>
    private void Spill()
    {
        StartSpill();
        SpillFile file;
        try
        {
            file = SpillFile.Create(_options.TempDirectory, asynchronous: false);
        }
        catch (Exception exception)
        {
            SpillFailed(exception);
            throw;
        }

        try
        {
            long offset = 0;
            foreach (ReadOnlyMemory<byte> segment in _memory.GetReadOnlySequence())
            {
                file.WriteAt(segment.Span, offset);
                offset += segment.Length;
            }
        }
        catch (Exception exception)
        {
            SpillFailed(exception);
            file.Dispose();
            throw;
        }

        Adopt(file);
    }

    private void Adopt(SpillFile file)
    {
        _position = _memory.Position;
        _length = _memory.Length;
        _fileLength = _length;
        _file = file;
        _memory.Dispose();
    }

    /// <summary>
    /// Readies a write of <paramref name="count"/> bytes to the file; false when there is nothing to write, after
    /// extending the stream to the position as a zero-byte write past the end of a MemoryStream does.
    /// </summary>
    private bool StartFileWrite(int count)
    {
        if (count == 0)
        {
            if (_position > _length)
            {
                _file!.SetLength(_position);
                _fileLength = _position;
                _length = _position;
            }

            return false;
        }

        DropReadAhead();
        return true;
    }

    /// <summary>
    /// True when a write of <paramref name="count"/> bytes at the position joins the file buffer: it continues the
    /// gathered bytes and fits beside them, or nothing is gathered and it is shorter than the buffer.
    /// </summary>
    private bool Gathers(int count) => _writeCount == 0
        ? count < _options.FileBufferSize
        : _position == _writeStart + _writeCount && count <= _options.FileBufferSize - _writeCount;

    /// <summary>Copies a write into the file buffer (<see cref="Gathers"/> said it fits) and moves the position past it.</summary>
    private void Gather(ReadOnlySpan<byte> buffer)
    {
        byte[] gathered = _fileBuffer ??= Pool.Rent(_options.FileBufferSize);
        if (_writeCount == 0)
        {
            _writeStart = _position;
        }

        buffer.CopyTo(gathered.AsSpan(_writeCount));
        _writeCount += buffer.Length;
        _fileBufferUsed = Math.Max(_fileBufferUsed, _writeCount);
        Advance(_position + buffer.Length);
    }

    /// <summary>
    /// Writes the gathered bytes to the file. On failure they stay gathered (still counted in the length, written
    /// again by the next call that needs the file) and the file is cut back to what it held before.
    /// </summary>
    private void FlushGathered()
    {
        if (_writeCount == 0)
        {
            return;
        }

        try
        {
            _file!.WriteAt(_fileBuffer.AsSpan(0, _writeCount), _writeStart);
        }
        catch (Exception)
        {
            CutBackAfterFailedWrite();
            throw;
        }

        GatheredWritten();
    }

    private void GatheredWritten()
    {
        _fileLength = Math.Max(_fileLength, _writeStart + _writeCount);
        _writeCount = 0;
    }

    /// <summary>Forgets the gathered bytes at and past <paramref name="length"/>, which a shorter length cuts off.</summary>
    private void DropGatheredFrom(long length)
    {
        if (_writeCount > 0 && length < _writeStart + _writeCount)
        {
            _writeCount = (int)Math.Max(0, length - _writeStart);
        }
    }

    /// <summary>A write at least as long as the file buffer, straight to the file (nothing is gathered).</summary>
    private void WriteFile(ReadOnlySpan<byte> buffer)
    {
        long position = _position;
        try
        {
            _file!.WriteAt(buffer, position);
        }
        catch (Exception)
        {
            CutBackAfterFailedWrite();
            throw;
        }

        FileWritten(position + buffer.Length);
    }

    private void FileWritten(long end)
    {
        _fileLength = Math.Max(_fileLength, end);
        Advance(end);
    }

    private void Advance(long end)
    {
        _position = end;
        if (end > _length)
        {
            _length = end;
        }
    }

    /// <summary>
    /// A write that failed part-way (a full disk) may have left bytes past the end: cut them off, so the file stays
    /// exactly as long as it was (<see cref="_fileLength"/>) and a later write past the end still finds zeros in the gap.
    /// </summary>
    private void CutBackAfterFailedWrite()
    {
        try
        {
            _file!.SetLength(_fileLength);
        }
        catch (IOException)
        {
            // Shrinking needs no space; should it fail anyway, the original error is the one worth reporting.
        }
    }

    private int Available(int requested)
    {
        long available = _length - _position;
        return available <= 0 ? 0 : (int)Math.Min(requested, available);
    }

    private int CopyFromReadAhead(Span<byte> destination)
    {
        long skip = _position - _readStart;
        if (_readCount == 0 || skip < 0 || skip >= _readCount)
        {
            return 0;
        }

        int n = Math.Min(destination.Length, _readCount - (int)skip);
        BlockCopy.Copy(_fileBuffer.AsSpan((int)skip, n), destination);
        return n;
    }

    private void FillReadAhead() => _readCount = ReadFileExactly(StartReadAhead().Span);

    /// <summary>Points the read-ahead at the position and gives the part of its buffer to fill (nothing is gathered).</summary>
    private Memory<byte> StartReadAhead()
    {
        Debug.Assert(_writeCount == 0, "gathered writes go to the file before a read");
        byte[] buffer = _fileBuffer ??= Pool.Rent(_options.FileBufferSize);
        _readCount = 0;
        _readStart = _position;
        int size = (int)Math.Min(_options.FileBufferSize, _length - _position);
        _fileBufferUsed = Math.Max(_fileBufferUsed, size); // counted before the read, which may fail part-way
        return buffer.AsMemory(0, size);
    }

    private int ReadFileExactly(Span<byte> destination)
    {
        SpillFile file = _file!;
        int total = 0;
        while (total < destination.Length)
        {
            int n = file.ReadAt(destination.Slice(total), _position + total);
            if (n == 0)
            {
                ThrowFileTooShort();
            }

            total += n;
        }

        return total;
    }

    private void DropReadAhead() => _readCount = 0;

    /// <summary>At disposal: the file buffer goes back to the pool, and with the file gone what it gathered goes too.</summary>
    private void ReturnFileBuffer()
    {
        byte[]? buffer = _fileBuffer;
        _fileBuffer = null;
        _readCount = 0;
        _writeCount = 0;
        if (buffer is not null)
        {
            ReturnBuffer(buffer, _fileBufferUsed);
            _fileBufferUsed = 0;
        }
    }

    /// <summary>How far a copy from the position to the end can put file content into <paramref name="chunk"/>.</summary>
    private int CopyBufferReach(byte[] chunk) => (int)Math.Min(chunk.Length, Math.Max(0, _length - _position));

    /// <summary>
    /// Gives the file buffer or a copy buffer back to the pool, its first <paramref name="used"/> bytes (as far as file
    /// content may have reached) zeroed first when the options ask for clearing; the rest of it was never written.
    /// </summary>
    private void ReturnBuffer(byte[] buffer, int used)
    {
        if (_options.EffectiveMemoryOptions.ClearOnReturn)
        {
            buffer.AsSpan(0, used).Clear();
        }

        Pool.Return(buffer);
    }
}

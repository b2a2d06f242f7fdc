using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Eddy.FileBuffering;

// The asynchronous members: in memory they complete synchronously as PooledMemoryStream's do; past the threshold
// they await the file (RandomAccess, or FileStream's own async calls on netstandard2.1) and never block on it.
public sealed partial class FileBufferingStream
{
    /// <inheritdoc/>
    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        StreamArguments.ValidateBuffer(buffer, offset, count);
        if (_file is null || cancellationToken.IsCancellationRequested)
        {
            return _memory.ReadAsync(buffer, offset, count, cancellationToken);
        }

        return ReadAsync(new Memory<byte>(buffer, offset, count), cancellationToken).AsTask();
    }

    /// <inheritdoc/>
    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (_file is null || cancellationToken.IsCancellationRequested)
        {
            return _memory.ReadAsync(buffer, cancellationToken);
        }

        // Served from the read-ahead without a state machine when it holds everything asked for.
        int wanted = Available(buffer.Length);
        int n = CopyFromReadAhead(buffer.Span.Slice(0, wanted));
        _position += n;
        return n == wanted ? new ValueTask<int>(n) : ReadFileAsync(buffer.Slice(n, wanted - n), n, cancellationToken);
    }

    /// <inheritdoc/>
    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        StreamArguments.ValidateBuffer(buffer, offset, count);
        return WriteAsync(new ReadOnlyMemory<byte>(buffer, offset, count), cancellationToken).AsTask();
    }

    /// <inheritdoc/>
    /// <remarks>A write that would pass the memory threshold moves the content to the file first, asynchronously; one
    /// that would pass <see cref="FileBufferingStreamOptions.MaximumLength"/> fails with <see cref="IOException"/> and
    /// changes nothing.</remarks>
    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return new ValueTask(Task.FromCanceled(cancellationToken));
        }

        try
        {
            if (StaysInMemory(buffer.Length))
            {
                return _memory.WriteAsync(buffer, cancellationToken);
            }
        }
        catch (Exception exception)
        {
            return new ValueTask(Task.FromException(exception));
        }

        if (_file is not null && buffer.Length > 0 && Gathers(buffer.Length))
        {
            // Joins the file buffer without a state machine: no file I/O.
            DropReadAhead();
            Gather(buffer.Span);
            return default;
        }

        return WriteFileAsync(buffer, cancellationToken);
    }

    /// <inheritdoc/>
    /// <remarks>Writes the bytes gathered in the file buffer to the file; in memory there is nothing to do.</remarks>
    public override Task FlushAsync(CancellationToken cancellationToken)
    {
        if (_file is null || cancellationToken.IsCancellationRequested)
        {
            return _memory.FlushAsync(cancellationToken);
        }

        return _writeCount == 0 ? Task.CompletedTask : FlushGatheredAsync(cancellationToken).AsTask();
    }

    /// <inheritdoc/>
    public override Task CopyToAsync(Stream destination, int bufferSize, CancellationToken cancellationToken)
    {
        StreamArguments.ValidateCopyTo(destination, bufferSize);
        if (_file is null)
        {
            return _memory.CopyToAsync(destination, bufferSize, cancellationToken);
        }

        return cancellationToken.IsCancellationRequested ? Task.FromCanceled(cancellationToken) : CopyFileToAsync(destination, bufferSize, cancellationToken);
    }

    /// <inheritdoc/>
    /// <remarks>Closes (and so deletes) the temporary file without flushing anything: there is nothing buffered to flush.</remarks>
    public override async ValueTask DisposeAsync()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        SpillFile? file = _file;
        _file = null;
        try
        {
            if (file is not null)
            {
                await file.DisposeAsync().ConfigureAwait(false);
            }
        }
        finally
        {
            ReturnFileBuffer();
            _memory.Dispose();
            base.Dispose(true);
            GC.SuppressFinalize(this);
        }
    }

    private async ValueTask<int> ReadFileAsync(Memory<byte> buffer, int done, CancellationToken cancellationToken)
    {
        await FlushGatheredAsync(cancellationToken).ConfigureAwait(false);
        int total = 0;
        while (total < buffer.Length)
        {
            Memory<byte> rest = buffer.Slice(total);
            int n = CopyFromReadAhead(rest.Span);
            if (n == 0)
            {
                if (rest.Length < _options.FileBufferSize)
                {
                    _readCount = await ReadFileExactlyAsync(StartReadAhead(), cancellationToken).ConfigureAwait(false);
                    continue;
                }

                n = await ReadFileExactlyAsync(rest, cancellationToken).ConfigureAwait(false);
            }

            _position += n;
            total += n;
        }

        return done + total;
    }

    private async ValueTask<int> ReadFileExactlyAsync(Memory<byte> destination, CancellationToken cancellationToken)
    {
        SpillFile file = _file!;
        int total = 0;
        while (total < destination.Length)
        {
            int n = await file.ReadAtAsync(destination.Slice(total), _position + total, cancellationToken).ConfigureAwait(false);
            if (n == 0)
            {
                ThrowFileTooShort();
            }

            total += n;
        }

        return total;
    }

    private async ValueTask WriteFileAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken)
    {
        if (_file is null)
        {
            await SpillAsync(cancellationToken).ConfigureAwait(false);
        }

        if (!StartFileWrite(buffer.Length))
        {
            return;
        }

        if (!Gathers(buffer.Length))
        {
            await FlushGatheredAsync(cancellationToken).ConfigureAwait(false);
            if (buffer.Length >= _options.FileBufferSize)
            {
                long position = _position;
                try
                {
                    await _file!.WriteAtAsync(buffer, position, cancellationToken).ConfigureAwait(false);
                }
                catch (Exception)
                {
                    CutBackAfterFailedWrite();
                    throw;
                }

                FileWritten(position + buffer.Length);
                return;
            }
        }

        Gather(buffer.Span);
    }

    /// <summary>The asynchronous <see cref="FlushGathered"/>.</summary>
    private async ValueTask FlushGatheredAsync(CancellationToken cancellationToken)
    {
        if (_writeCount == 0)
        {
            return;
        }

        try
        {
            await _file!.WriteAtAsync(_fileBuffer.AsMemory(0, _writeCount), _writeStart, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception)
        {
            CutBackAfterFailedWrite();
            throw;
        }

        GatheredWritten();
    }

    /// <summary>Moves the content to a new temporary file with asynchronous writes; on failure nothing changes.</summary>
    private async ValueTask SpillAsync(CancellationToken cancellationToken)
    {
        StartSpill();
        SpillFile file;
        try
        {
            file = SpillFile.Create(_options.TempDirectory, asynchronous: true);
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
                await file.WriteAtAsync(segment, offset, cancellationToken).ConfigureAwait(false);
                offset += segment.Length;
            }
        }
        catch (Exception exception)
        {
            SpillFailed(exception);
            await file.DisposeAsync().ConfigureAwait(false);
            throw;
        }

        Adopt(file);
    }

    private async Task CopyFileToAsync(Stream destination, int bufferSize, CancellationToken cancellationToken)
    {
        await FlushGatheredAsync(cancellationToken).ConfigureAwait(false);
        byte[] chunk = Pool.Rent(Math.Max(bufferSize, _options.FileBufferSize));
        int used = CopyBufferReach(chunk);
        try
        {
            int n;
            while ((n = await ReadAsync(chunk.AsMemory(), cancellationToken).ConfigureAwait(false)) > 0)
            {
                await destination.WriteAsync(chunk.AsMemory(0, n), cancellationToken).ConfigureAwait(false);
            }
        }
        finally
        {
            ReturnBuffer(chunk, used);
        }
    }
}

using System;
using System.IO;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Buffers;
using Eddy.Internal;

namespace Eddy;

public sealed partial class PooledMemoryStream
{
    /// <inheritdoc/>
    /// <remarks>Completes synchronously; a run of reads with the same result shares one cached task.</remarks>
    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        ValidateBuffer(buffer, offset, count);
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled<int>(cancellationToken);
        }

        try
        {
            int n = Read(new Span<byte>(buffer, offset, count));
            RareFields rare = Rare;
            Task<int>? last = rare.LastReadTask;
            if (last is not null && last.Result == n)
            {
                return last;
            }

            last = Task.FromResult(n);
            rare.LastReadTask = last;
            return last;
        }
        catch (Exception exception)
        {
            return Task.FromException<int>(exception);
        }
    }

    /// <inheritdoc/>
    /// <remarks>Completes synchronously without allocating.</remarks>
    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return new ValueTask<int>(Task.FromCanceled<int>(cancellationToken));
        }

        try
        {
            return new ValueTask<int>(Read(buffer.Span));
        }
        catch (Exception exception)
        {
            return new ValueTask<int>(Task.FromException<int>(exception));
        }
    }

    /// <inheritdoc/>
    /// <remarks>Completes synchronously; returns the cached completed task.</remarks>
    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        ValidateBuffer(buffer, offset, count);
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled(cancellationToken);
        }

        try
        {
            Write(new ReadOnlySpan<byte>(buffer, offset, count));
            return Task.CompletedTask;
        }
        catch (Exception exception)
        {
            return Task.FromException(exception);
        }
    }

    /// <inheritdoc/>
    /// <remarks>Completes synchronously without allocating.</remarks>
    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return new ValueTask(Task.FromCanceled(cancellationToken));
        }

        try
        {
            Write(buffer.Span);
            return default;
        }
        catch (Exception exception)
        {
            return new ValueTask(Task.FromException(exception));
        }
    }

    /// <inheritdoc/>
    public override Task FlushAsync(CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested ? Task.FromCanceled(cancellationToken) : Task.CompletedTask;

    /// <inheritdoc/>
    /// <remarks>Writes straight from the stream's own memory; when the destination is a memory stream the copy is synchronous.</remarks>
    public override Task CopyToAsync(Stream destination, int bufferSize, CancellationToken cancellationToken)
    {
        ValidateCopyTo(destination, bufferSize);
        EnsureNotClosed();
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled(cancellationToken);
        }

        SettlePending();
        long position = CurrentPosition;
        long length = CurrentLength;
        long remaining = length - position;
        if (remaining <= 0)
        {
            return Task.CompletedTask;
        }

        SetCurrentPosition(length);
        if (destination is MemoryStream or PooledMemoryStream)
        {
            try
            {
                WriteContent(destination, position, remaining);
                return Task.CompletedTask;
            }
            catch (Exception exception)
            {
                return Task.FromException(exception);
            }
        }

        switch (_kind)
        {
            case StreamKind.Contiguous:
                return destination.WriteAsync(_array!, (int)position, (int)remaining, cancellationToken);
            case StreamKind.ReadOnly:
                return MemoryMarshal.TryGetArray(RareOrNull!.ReadOnly, out ArraySegment<byte> segment)
                    ? destination.WriteAsync(segment.Array!, segment.Offset + (int)position, (int)remaining, cancellationToken)
                    : destination.WriteAsync(RareOrNull!.ReadOnly.Slice((int)position, (int)remaining), cancellationToken).AsTask();
            default:
                return CopySegmentsAsync(destination, position, remaining, cancellationToken);
        }
    }

    private async Task CopySegmentsAsync(Stream destination, long position, long count, CancellationToken cancellationToken)
    {
        foreach (ReadOnlyMemory<byte> memory in Segments.GetReadOnlySequence().Slice(position, count))
        {
            await destination.WriteAsync(memory, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// As <see cref="ReadFrom(Stream)"/>, asynchronously: everything <paramref name="source"/> has left is read at
    /// <see cref="Stream.Position"/> straight into the stream's own arrays.
    /// </summary>
    /// <param name="source">The stream to drain.</param>
    /// <param name="cancellationToken">Cancels the reads from <paramref name="source"/>.</param>
    /// <returns>The number of bytes read from <paramref name="source"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="NotSupportedException"><paramref name="source"/> cannot read, or this stream is read-only.</exception>
    /// <exception cref="ObjectDisposedException">This stream is disposed.</exception>
    public ValueTask<long> ReadFromAsync(Stream source, CancellationToken cancellationToken = default)
    {
        PrepareReadFrom(source);
        return ReadFromCoreAsync(source, cancellationToken);
    }

    private async ValueTask<long> ReadFromCoreAsync(Stream source, CancellationToken cancellationToken)
    {
        long total = 0;
        while (_kind == StreamKind.Contiguous)
        {
            byte[]? array = _array;
            int position = _relativePosition;
            if (array is null || position >= array.Length)
            {
                EnsureContiguousCapacity(Math.Max(position + 1L, (array?.Length ?? 0) * 2L));
                continue;
            }

            int room = array.Length - (int)position;
            int read = SegmentedBufferExtensions.CheckReadCount(await source.ReadAsync(array.AsMemory((int)position), cancellationToken).ConfigureAwait(false), room);
            if (read == 0)
            {
                return total;
            }

            CommitContiguousRead(read);
            total += read;
        }

        return total + await SegmentedReadFromAsync(source, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc/>
    /// <remarks>Runs synchronously: the result is complete, and <paramref name="callback"/> has run, when this returns.</remarks>
    public override IAsyncResult BeginRead(byte[] buffer, int offset, int count, AsyncCallback? callback, object? state)
    {
        ValidateBuffer(buffer, offset, count);
        if (!CanRead)
        {
            ThrowHelper.ThrowNotSupportedException("Stream does not support reading.");
        }

        int n = 0;
        Exception? error = null;
        try
        {
            n = Read(new Span<byte>(buffer, offset, count));
        }
        catch (Exception exception)
        {
            error = exception;
        }

        return CompleteBegin(new SyncAsyncResult(this, isRead: true, n, error, state), callback);
    }

    /// <inheritdoc/>
    public override int EndRead(IAsyncResult asyncResult)
    {
        SyncAsyncResult result = EndCore(asyncResult, isRead: true);
        return result.Bytes;
    }

    /// <inheritdoc/>
    /// <remarks>Runs synchronously: the result is complete, and <paramref name="callback"/> has run, when this returns.</remarks>
    public override IAsyncResult BeginWrite(byte[] buffer, int offset, int count, AsyncCallback? callback, object? state)
    {
        ValidateBuffer(buffer, offset, count);
        if (!CanWrite)
        {
            ThrowHelper.ThrowNotSupportedException("Stream does not support writing.");
        }

        Exception? error = null;
        try
        {
            Write(new ReadOnlySpan<byte>(buffer, offset, count));
        }
        catch (Exception exception)
        {
            error = exception;
        }

        return CompleteBegin(new SyncAsyncResult(this, isRead: false, 0, error, state), callback);
    }

    /// <inheritdoc/>
    public override void EndWrite(IAsyncResult asyncResult) => EndCore(asyncResult, isRead: false);

    private static SyncAsyncResult CompleteBegin(SyncAsyncResult result, AsyncCallback? callback)
    {
        callback?.Invoke(result);
        return result;
    }

    // MemoryStream's wording on .NET 10, for a result that is not this stream's and for one ended before.
    private const string WrongAsyncResultMessage =
        "Either the IAsyncResult object did not come from the corresponding async method on this type, or the End method was called multiple times with the same IAsyncResult.";

    private SyncAsyncResult EndCore(IAsyncResult asyncResult, bool isRead)
    {
        ThrowHelper.ThrowIfNull(asyncResult);
        if (asyncResult is SyncAsyncResult result && result.Owner == this && result.IsRead == isRead)
        {
            if (result.TryEnd())
            {
                result.ThrowIfFailed();
                return result;
            }

            // Like Stream: this direction's own result, ended before, is an invalid operation, not a bad argument.
            ThrowHelper.ThrowInvalidOperationException(WrongAsyncResultMessage);
        }

        ThrowHelper.ThrowArgumentException(WrongAsyncResultMessage);
        return null!;
    }
}

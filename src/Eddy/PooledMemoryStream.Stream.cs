using System;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Buffers;
using Eddy.Internal;
using Eddy.Lifetime;
using Eddy.Pooling;

namespace Eddy;

// The Stream members: properties, Seek and SetLength, reads and writes, CopyTo, and their asynchronous and
// Begin/End twins.
public sealed partial class PooledMemoryStream
{
    /// <inheritdoc/>
    public override bool CanRead => _kind != StreamKind.Disposed;

    /// <inheritdoc/>
    public override bool CanSeek => _kind != StreamKind.Disposed;

    /// <inheritdoc/>
    public override bool CanWrite => _kind <= StreamKind.Segmented;

    /// <inheritdoc/>
    public override long Length
    {
        get
        {
            EnsureNotClosed();
            return CurrentLength;
        }
    }

    /// <inheritdoc/>
    /// <remarks>May be set past <see cref="Length"/>; the next write fills the gap with zeros, or throws
    /// <see cref="IOException"/> when the gap would be longer than <see cref="PooledMemoryStreamOptions.MaximumGapLength"/>.
    /// Up to <see cref="int.MaxValue"/> like <see cref="MemoryStream"/> in contiguous and read-only mode, up to
    /// <see cref="long.MaxValue"/> otherwise.</remarks>
    public override long Position
    {
        get
        {
            EnsureNotClosed();
            return CurrentPosition;
        }
        set
        {
            // Every mode allows up to int.MaxValue, so the usual value needs no look at the options.
            if (unchecked((ulong)value) > int.MaxValue)
            {
                ThrowIfPositionOutOfRange(value);
            }

            EnsureNotClosed();
            SetCurrentPosition(value);
            _spanMark = NoSpan;
        }
    }

    /// <inheritdoc/>
    public override long Seek(long offset, SeekOrigin origin)
    {
        EnsureNotClosed();
        long target = StreamArguments.SeekTarget(offset, origin, CurrentPosition, CurrentLength, MaxLength);
        SetCurrentPosition(target);
        _spanMark = NoSpan;
        return target;
    }

    /// <inheritdoc/>
    /// <remarks>Growing fills the new bytes with zeros, and throws <see cref="ArgumentOutOfRangeException"/> before
    /// changing anything when it would add more than <see cref="PooledMemoryStreamOptions.MaximumGapLength"/> bytes;
    /// shrinking gives chunks past the new end back to the pool.</remarks>
    public override void SetLength(long value)
    {
        if (value < 0 || value > MaxLength)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(value), StreamLengthMessage);
        }

        // Like MemoryStream: a disposed stream is unwritable, so this reports NotSupported, not ObjectDisposed.
        EnsureWriteable();
        if (value - CurrentLength > Settings.MaximumGapLength)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(value), GapTooLongMessage);
        }

        SettlePending();

        if (_kind == StreamKind.Contiguous)
        {
            int length = _relativeLength;
            if (value > length)
            {
                if (EnsureContiguousCapacity(value))
                {
                    _array.AsSpan(length, (int)(value - length)).Clear();
                }
                else
                {
                    SegmentedSetLength(value);
                }
            }
        }
        else
        {
            SegmentedSetLength(value);
        }

        SetCurrentLength(value);
        if (CurrentPosition > value)
        {
            SetCurrentPosition(value);
        }
    }

    /// <inheritdoc/>
    public override void Flush()
    {
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowIfPositionOutOfRange(long value)
    {
        ThrowHelper.ThrowIfNegative(value, nameof(value));
        EnsureNotClosed();
        if (value > MaxLength)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(value), StreamLengthMessage);
        }
    }

    /// <inheritdoc/>
    public override int Read(byte[] buffer, int offset, int count)
    {
        ValidateBuffer(buffer, offset, count);
        // ValidateBuffer has checked the range the span constructor would check again.
        return Read(ArrayAccess.UncheckedSlice(buffer, offset, count));
    }

    /// <inheritdoc/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public override int Read(Span<byte> buffer)
    {
        if (_kind == StreamKind.Contiguous)
        {
            int position = _relativePosition;
            int available = _relativeLength - position;
            if (available <= 0)
            {
                return 0;
            }

            int n = available < buffer.Length ? available : buffer.Length;
            BlockCopy.Copy(new ReadOnlySpan<byte>(_array, position, n), buffer);
            _relativePosition = position + n;
            return n;
        }

        return ReadSlow(buffer);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private int ReadSlow(Span<byte> destination)
    {
        EnsureNotClosed();
        long position = CurrentPosition;
        long available = CurrentLength - position;
        if (available <= 0 || destination.IsEmpty)
        {
            // Nothing to copy: like the contiguous fast path, leave a span from GetSpan outstanding.
            return 0;
        }

        SettlePending();
        int n = available < destination.Length ? (int)available : destination.Length;
        CopyContent(position, destination.Slice(0, n));
        SetCurrentPosition(position + n);
        return n;
    }

    /// <inheritdoc/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public override int ReadByte()
    {
        int position = _relativePosition;
        if (_kind == StreamKind.Contiguous && position < _relativeLength)
        {
            _relativePosition = position + 1;
            return _array![position];
        }

        return ReadByteSlow();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private int ReadByteSlow()
    {
        byte value = 0;
        return ReadSlow(MemoryMarshal.CreateSpan(ref value, 1)) == 0 ? -1 : value;
    }

    /// <inheritdoc/>
    public override void CopyTo(Stream destination, int bufferSize)
    {
        ValidateCopyTo(destination, bufferSize);
        EnsureNotClosed();
        SettlePending();
        long position = CurrentPosition;
        long length = CurrentLength;
        long remaining = length - position;
        if (remaining <= 0)
        {
            return;
        }

        SetCurrentPosition(length);
        WriteContent(destination, position, remaining);
    }

    /// <inheritdoc/>
    public override void Write(byte[] buffer, int offset, int count)
    {
        ValidateBuffer(buffer, offset, count);
        // ValidateBuffer has checked the range the span constructor would check again.
        ReadOnlySpan<byte> source = ArrayAccess.UncheckedSlice(buffer, offset, count);
        if (!TryWriteFast(source))
        {
            // Inlined here, not called: the first write of a small stream is most of its life.
            WriteSlow(source);
        }
    }

    /// <inheritdoc/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public override void Write(ReadOnlySpan<byte> buffer)
    {
        // Only the fast path is inlined into the caller, so a loop of small writes stays compact.
        if (!TryWriteFast(buffer))
        {
            WriteSlowNotInlined(buffer);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteSlowNotInlined(ReadOnlySpan<byte> source) => WriteSlow(source);

    /// <summary>
    /// The write fast path: the write array (the contiguous buffer, or the segmented stream's write window) has
    /// room at Position, and there is no gap to fill.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryWriteFast(ReadOnlySpan<byte> source)
    {
        byte[]? array = _array;
        int position = _relativePosition;

        // A negative position (before a segmented window's start) wraps above any array length.
        if (array is not null && unchecked((ulong)(uint)position) + (uint)source.Length <= (uint)array.Length && position <= _relativeLength)
        {
            BlockCopy.Copy(source, ArrayAccess.UncheckedSlice(array, position, source.Length));
            position += source.Length;
            _relativePosition = position;
            if (position > _relativeLength)
            {
                _relativeLength = position;
            }

            return true;
        }

        return false;
    }

    /// <inheritdoc/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public override void WriteByte(byte value)
    {
        byte[]? array = _array;
        int position = _relativePosition;
        if (array is not null && unchecked((uint)position) < (uint)array.Length && position <= _relativeLength)
        {
            array[position] = value;
            _relativePosition = ++position;
            if (position > _relativeLength)
            {
                _relativeLength = position;
            }

            return;
        }

        WriteByteSlow(value);
    }

    // Taking the address of WriteByte's own parameter would force it to the stack on the fast path too (and a
    // byte store read back as a dword stalls store forwarding), so the span over the byte is made here.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteByteSlow(byte value)
    {
        byte local = value;
        WriteSlow(MemoryMarshal.CreateReadOnlySpan(ref local, 1));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void WriteSlow(ReadOnlySpan<byte> source)
    {
        // The first write of a stream, the whole life of most small ones: rent what the general growth rule
        // would (at least MinimumRentLength and InitialCapacity, while that stays within the segment threshold)
        // without its branches.
        if (_array is null && _kind == StreamKind.Contiguous && _relativePosition == 0)
        {
            // Default options are constants here, so the common stream reads no options object.
            PooledMemoryStreamOptions? options = CustomOptions;
            int size = Math.Max(source.Length, options is null ? PooledMemoryStreamOptions.DefaultInitialCapacity : FirstRentFloorOf(options));
            if (size <= (options is null ? PooledMemoryStreamOptions.DefaultSegmentThreshold : options.FirstArrayLimit))
            {
                byte[] array = options?.Pool is { } pool ? pool.Rent(size) : BlockPool.Shared.Rent(size);
                BlockCopy.CopyCompact(source, array);
                _array = array;
                _relativePosition = source.Length;
                _relativeLength = source.Length;
                if (RescueGuard.ShouldTrack())
                {
                    // One first rent in the sampling interval on this thread: tracked, with its stack.
                    ArmSampled();
                }

                return;
            }
        }

        WriteGeneral(source);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteGeneral(ReadOnlySpan<byte> source)
    {
        EnsureNotClosed();
        EnsureWriteable();
        if (source.IsEmpty && CurrentPosition <= CurrentLength)
        {
            // Changes nothing, so, like the fast path, leaves a span from GetSpan outstanding.
            return;
        }

        SettlePending();
        long position = CurrentPosition;
        if (source.Length > MaxLength - position)
        {
            ThrowHelper.ThrowIOException(StreamTooLongMessage);
        }

        ThrowIfGapTooLong(position);
        long end = position + source.Length;
        byte[]? retired = null;
        if (_kind == StreamKind.Contiguous && ((_array is { } current && end <= current.Length) || GrowContiguous(end, out retired)))
        {
            byte[] array = _array!;
            int length = _relativeLength;
            if (position > length)
            {
                // Pooled arrays hold stale bytes: the gap between the old end and the write must read as zeros.
                array.AsSpan(length, (int)(position - length)).Clear();
            }

            BlockCopy.Copy(source, array.AsSpan((int)position));
            _relativePosition = (int)end;
            if (end > length)
            {
                _relativeLength = (int)end;
            }

            // Only now: the source may have been the stream's own bytes in this array.
            if (retired is not null)
            {
                ReturnArray(retired, Settings.ClearOnReturn);
            }

            return;
        }

        SegmentedWrite(position, source);
        SetCurrentPosition(end);
    }

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

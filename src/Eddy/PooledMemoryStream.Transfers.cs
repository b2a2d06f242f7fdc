using System;
using System.Buffers;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Buffers;
using Eddy.Internal;

namespace Eddy;

// Whole-content transfers: ReadFrom/ReadFromAsync (a stream's rest, read straight into the stream's arrays),
// WriteTo, ToArray, TryGetBuffer and GetReadOnlySequence.
public sealed partial class PooledMemoryStream
{
    /// <summary>Writes the whole content (from position 0, whatever <see cref="Stream.Position"/> is) to <paramref name="stream"/>, as <see cref="MemoryStream.WriteTo"/> does.</summary>
    /// <param name="stream">The stream to write to.</param>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    /// <exception cref="ObjectDisposedException">This stream is disposed.</exception>
    public void WriteTo(Stream stream)
    {
        ThrowHelper.ThrowIfNull(stream, nameof(stream));
        EnsureNotClosed();
        SettlePending();
        long length = CurrentLength;
        if (length > 0)
        {
            WriteContent(stream, 0, length);
        }
    }

    /// <summary>Copies the content into a new array, as <see cref="MemoryStream.ToArray"/> does.</summary>
    /// <returns>A new array with the <see cref="Stream.Length"/> bytes of the stream.</returns>
    /// <exception cref="ObjectDisposedException">The stream is disposed (unlike <see cref="MemoryStream"/>, whose
    /// array outlives it: ours went back to the pool).</exception>
    /// <exception cref="InvalidOperationException">The content is longer than the largest array .NET allows.</exception>
    public byte[] ToArray()
    {
        byte[]? array = _array;
        if (array is not null && _kind == StreamKind.Contiguous && _optionsOrRare is not RareFields)
        {
            // The common small stream: one array and no scratch, so nothing to settle and no kind to dispatch on.
            _spanMark = NoSpan;
            int count = _relativeLength;
            if (count != 0)
            {
                byte[] result = ArrayAccess.AllocateUninitialized<byte>(count);
                BlockCopy.Copy(new ReadOnlySpan<byte>(array, 0, count), result);
                return result;
            }
        }

        EnsureNotClosed();
        SettlePending();
        long length = CurrentLength;
        if (length == 0)
        {
            return Array.Empty<byte>();
        }

        if (length > ArrayAccess.MaxLength)
        {
            ThrowHelper.ThrowInvalidOperationException("The stream is too long to fit in one array.");
        }

        byte[] copy = ArrayAccess.AllocateUninitialized<byte>((int)length);
        CopyContent(0, copy);
        return copy;
    }

    /// <summary>
    /// Gives the written bytes without copying when the stream is contiguous, as <see cref="MemoryStream.TryGetBuffer"/>
    /// does: the segment starts at offset 0 and holds <see cref="Stream.Length"/> bytes. False when the stream is
    /// segmented, read-only or disposed. The segment is valid until the next write, Reset or Dispose.
    /// </summary>
    /// <param name="buffer">The written bytes, or default.</param>
    /// <returns>True when <paramref name="buffer"/> holds the content.</returns>
    public bool TryGetBuffer(out ArraySegment<byte> buffer)
    {
        // Settles first in every mode, so it ends an outstanding GetSpan alike in every mode.
        SettlePending();
        if (_kind != StreamKind.Contiguous)
        {
            buffer = default;
            return false;
        }

        buffer = _array is null ? new ArraySegment<byte>(Array.Empty<byte>()) : new ArraySegment<byte>(_array, 0, _relativeLength);
        return true;
    }

    /// <summary>
    /// The written bytes as a <see cref="ReadOnlySequence{T}"/> over the stream's own memory: no copy and no
    /// allocation. Covers the whole content whatever <see cref="Stream.Position"/> is. Valid until the next write,
    /// SetLength, Reset or Dispose.
    /// </summary>
    /// <returns>The <see cref="Stream.Length"/> bytes of the stream.</returns>
    /// <exception cref="ObjectDisposedException">The stream is disposed.</exception>
    public ReadOnlySequence<byte> GetReadOnlySequence()
    {
        EnsureNotClosed();
        SettlePending();
        switch (_kind)
        {
            case StreamKind.Contiguous:
                return _array is null ? ReadOnlySequence<byte>.Empty : new ReadOnlySequence<byte>(_array, 0, _relativeLength);
            case StreamKind.ReadOnly:
                return new ReadOnlySequence<byte>(RareOrNull!.ReadOnly);
            default:
                return RareOrNull?.Segments is { } segments ? segments.GetReadOnlySequence() : ReadOnlySequence<byte>.Empty;
        }
    }

    /// <summary>
    /// Writes everything <paramref name="source"/> has left at <see cref="Stream.Position"/>, reading straight
    /// into the stream's own arrays (no temporary buffer when writing at the end), and returns the byte count.
    /// </summary>
    /// <param name="source">The stream to drain.</param>
    /// <returns>The number of bytes read from <paramref name="source"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="NotSupportedException"><paramref name="source"/> cannot read, or this stream is read-only.</exception>
    /// <exception cref="ObjectDisposedException">This stream is disposed.</exception>
    public long ReadFrom(Stream source)
    {
        PrepareReadFrom(source);
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
            int read = SegmentedBufferExtensions.CheckReadCount(source.Read(array, (int)position, room), room);
            if (read == 0)
            {
                return total;
            }

            CommitContiguousRead(read);
            total += read;
        }

        return total + SegmentedReadFrom(source);
    }

    private void PrepareReadFrom(Stream source)
    {
        ThrowHelper.ThrowIfNull(source, nameof(source));
        EnsureNotClosed();
        EnsureWriteable();
        if (!source.CanRead)
        {
            ThrowHelper.ThrowNotSupportedException("The source stream does not support reading.");
        }

        SettlePending();
        ThrowIfGapTooLong(CurrentPosition);
    }

    /// <summary>Bytes were read into the array at Position: zero the gap before them and move Position and Length.</summary>
    private void CommitContiguousRead(int read)
    {
        int position = _relativePosition;
        int length = _relativeLength;
        if (position > length)
        {
            _array.AsSpan(length, position - length).Clear();
        }

        position += read;
        _relativePosition = position;
        if (position > length)
        {
            _relativeLength = position;
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

    private long SegmentedReadFrom(Stream source)
    {
        if (CurrentPosition == CurrentLength)
        {
            SegmentedBuffer<byte> segments = SegmentsToWrite;
            try
            {
                return segments.ReadFrom(source);
            }
            finally
            {
                // The bytes read before a failing read are kept: Length covers exactly what the chunks hold.
                SetCurrentLength(segments.Length);
                SetCurrentPosition(segments.Length);
            }
        }

        // Overwriting inside the content or past a gap: go through a pooled scratch array and Write.
        byte[] scratch = RentArray(81920);
        try
        {
            long total = 0;
            int n;
            while ((n = SegmentedBufferExtensions.CheckReadCount(source.Read(scratch, 0, scratch.Length), scratch.Length)) > 0)
            {
                Write(scratch.AsSpan(0, n));
                total += n;
            }

            return total;
        }
        finally
        {
            ReturnArray(scratch, Settings.ClearOnReturn);
        }
    }

    private async ValueTask<long> SegmentedReadFromAsync(Stream source, CancellationToken cancellationToken)
    {
        if (CurrentPosition == CurrentLength)
        {
            SegmentedBuffer<byte> segments = SegmentsToWrite;
            try
            {
                return await segments.ReadFromAsync(source, cancellationToken).ConfigureAwait(false);
            }
            finally
            {
                SetCurrentLength(segments.Length);
                SetCurrentPosition(segments.Length);
            }
        }

        byte[] scratch = RentArray(81920);
        try
        {
            long total = 0;
            int n;
            while ((n = SegmentedBufferExtensions.CheckReadCount(await source.ReadAsync(scratch.AsMemory(), cancellationToken).ConfigureAwait(false), scratch.Length)) > 0)
            {
                Write(scratch.AsSpan(0, n));
                total += n;
            }

            return total;
        }
        finally
        {
            ReturnArray(scratch, Settings.ClearOnReturn);
        }
    }
}

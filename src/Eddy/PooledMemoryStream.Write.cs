using System;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Eddy.Buffers;
using Eddy.Internal;
using Eddy.Lifetime;
using Eddy.Pooling;

namespace Eddy;

public sealed partial class PooledMemoryStream
{
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

    /// <summary>
    /// Returns a span to write into at <see cref="Stream.Position"/>, at least <paramref name="sizeHint"/> bytes long
    /// (at least one byte when 0); <see cref="Advance"/> then commits the bytes written.
    /// </summary>
    /// <remarks>When <see cref="Stream.Position"/> is past <see cref="Stream.Length"/>, the gap is zero-filled and
    /// Length moves to Position at this call. Inside the content the span is a separate scratch array, so bytes
    /// written past the count given to <see cref="Advance"/> never reach the content. The span is valid until the
    /// next call on the stream; see docs/stream.md for the full contract.</remarks>
    /// <param name="sizeHint">The number of bytes wanted; 0 for any.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="sizeHint"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The stream is disposed.</exception>
    /// <exception cref="NotSupportedException">The stream is read-only.</exception>
    public Span<byte> GetSpan(int sizeHint = 0)
    {
        byte[]? array = _array;
        int position = _relativePosition;
        if (_kind == StreamKind.Contiguous && array is not null && position == _relativeLength && unchecked((uint)sizeHint) < (uint)(array.Length - position))
        {
            int free = array.Length - position;
            _spanMark = ~position;
            return new Span<byte>(array, position, free);
        }

        return GetMemorySlow(sizeHint).Span;
    }

    /// <summary>As <see cref="GetSpan"/>, as a <see cref="Memory{T}"/>.</summary>
    /// <param name="sizeHint">The number of bytes wanted; 0 for any.</param>
    /// <returns>Memory to write into at <see cref="Stream.Position"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="sizeHint"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The stream is disposed.</exception>
    /// <exception cref="NotSupportedException">The stream is read-only.</exception>
    public Memory<byte> GetMemory(int sizeHint = 0) => GetMemorySlow(sizeHint);

    private Memory<byte> GetMemorySlow(int sizeHint)
    {
        ThrowHelper.ThrowIfNegative(sizeHint, nameof(sizeHint));
        EnsureNotClosed();
        EnsureWriteable();
        SettlePending();

        int size = Math.Max(sizeHint, 1);
        long position = CurrentPosition;
        if (size > MaxLength - position)
        {
            ThrowHelper.ThrowIOException(StreamTooLongMessage);
        }

        if (position < CurrentLength)
        {
            // Inside the content: hand out a scratch array that Advance copies in, so bytes written past the
            // count never overwrite content, whatever the layout.
            byte[] scratch = RentArray(size);
            RareFields rare = Rare;
            rare.Scratch = scratch;
            rare.ScratchAt = position;
            _spanMark = OtherSpan;
            return scratch;
        }

        ThrowIfGapTooLong(position);
        if (_kind == StreamKind.Contiguous && EnsureContiguousCapacity(position + size))
        {
            byte[] array = _array!;
            int length = _relativeLength;
            if (position > length)
            {
                array.AsSpan(length, (int)(position - length)).Clear();
                _relativeLength = (int)position;
            }

            int free = array.Length - (int)position;
            _spanMark = ~(int)position;
            return new Memory<byte>(array, (int)position, free);
        }

        return SegmentedGetMemory(position, size);
    }

    /// <summary>Commits <paramref name="count"/> bytes written into the last <see cref="GetSpan"/>/<see cref="GetMemory"/>: Position moves by <paramref name="count"/> and Length follows when passed.</summary>
    /// <param name="count">The number of bytes written.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    /// <exception cref="InvalidOperationException"><paramref name="count"/> is more than the span handed out, no
    /// span is outstanding (no GetSpan/GetMemory since the last Advance), or another call moved Position or wrote since.</exception>
    /// <exception cref="ObjectDisposedException">The stream is disposed.</exception>
    public void Advance(int count)
    {
        // A span into the contiguous array still at Position, and 1 <= count <= its length (to the array's end).
        int position = _relativePosition;
        int mark = _spanMark;
        if (mark < 0 && position == ~mark && _kind == StreamKind.Contiguous && _array is { } array
            && unchecked((uint)(count - 1)) < (uint)(array.Length - position))
        {
            _spanMark = NoSpan;
            position += count;
            _relativePosition = position;
            if (position > _relativeLength)
            {
                _relativeLength = position;
            }

            return;
        }

        AdvanceSlow(count);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AdvanceSlow(int count)
    {
        ThrowHelper.ThrowIfNegative(count, nameof(count));
        EnsureNotClosed();
        EnsureWriteable();
        if (count == 0)
        {
            // Commits nothing, whatever was handed out; the span stays usable as IBufferWriter allows.
            return;
        }

        // What is left after the contiguous fast path: a scratch array at the Position it was handed out at, or a
        // span at the end of the chunks, each no longer than handed out.
        byte[]? scratch = RareOrNull?.Scratch;
        bool valid = _spanMark == OtherSpan && (scratch is not null
            ? CurrentPosition == RareOrNull!.ScratchAt && count <= scratch.Length
            : _kind == StreamKind.Segmented && count <= Segments.HandedOut);
        if (!valid)
        {
            ThrowHelper.ThrowInvalidOperationException("Advance must follow GetSpan or GetMemory at the same Position, with no other write or Position change between, and not pass the end of the span handed out.");
        }

        if (scratch is not null)
        {
            RareOrNull!.Scratch = null;
            _spanMark = NoSpan;
            try
            {
                Write(scratch.AsSpan(0, count));
            }
            finally
            {
                ReturnArray(scratch, Settings.ClearOnReturn);
            }

            return;
        }

        SegmentedAdvance(count);
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
}

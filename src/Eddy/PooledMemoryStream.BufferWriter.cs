using System;
using System.IO;
using System.Runtime.CompilerServices;
using Eddy.Internal;

namespace Eddy;

// IBufferWriter<byte>: GetSpan, GetMemory and Advance, at Position.
public sealed partial class PooledMemoryStream
{
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
        // The write array (the contiguous buffer, or a segmented stream's window on its last chunk) with room at the end.
        if (array is not null && _kind <= StreamKind.Segmented && position == _relativeLength && unchecked((uint)position) <= (uint)array.Length
            && unchecked((uint)sizeHint) < (uint)(array.Length - position))
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
        // A span into the write array (contiguous buffer or segmented window) still at Position, and
        // 1 <= count <= its length (to the array's end).
        int position = _relativePosition;
        int mark = _spanMark;
        if (mark < 0 && position == ~mark && _kind <= StreamKind.Segmented && _array is { } array
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
}

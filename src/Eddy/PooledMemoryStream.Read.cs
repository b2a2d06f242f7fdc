using System;
using System.Buffers;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Eddy.Buffers;
using Eddy.Internal;

namespace Eddy;

public sealed partial class PooledMemoryStream
{
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

    /// <summary>Copies the bytes at [<paramref name="position"/>, +destination.Length) — all within Length — whatever the layout.</summary>
    private void CopyContent(long position, Span<byte> destination)
    {
        switch (_kind)
        {
            case StreamKind.Contiguous:
                BlockCopy.Copy(new ReadOnlySpan<byte>(_array, (int)position, destination.Length), destination);
                break;
            case StreamKind.ReadOnly:
                BlockCopy.Copy(RareOrNull!.ReadOnly.Span.Slice((int)position, destination.Length), destination);
                break;
            default:
                SegmentedCopy(position, destination);
                break;
        }
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

    /// <summary>Writes [position, position + count) straight from the stream's own memory.</summary>
    private void WriteContent(Stream destination, long position, long count)
    {
        switch (_kind)
        {
            case StreamKind.Contiguous:
                destination.Write(_array!, (int)position, (int)count);
                break;
            case StreamKind.ReadOnly:
                if (MemoryMarshal.TryGetArray(RareOrNull!.ReadOnly, out ArraySegment<byte> segment))
                {
                    destination.Write(segment.Array!, segment.Offset + (int)position, (int)count);
                }
                else
                {
                    destination.Write(RareOrNull!.ReadOnly.Span.Slice((int)position, (int)count));
                }

                break;
            default:
                foreach (ReadOnlyMemory<byte> memory in Segments.GetReadOnlySequence().Slice(position, count))
                {
                    destination.Write(memory.Span);
                }

                break;
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

        if (length > ArrayMaxLength)
        {
            ThrowHelper.ThrowInvalidOperationException("The stream is too long to fit in one array.");
        }

        byte[] copy = ArrayAccess.AllocateUninitialized<byte>((int)length);
        CopyContent(0, copy);
        return copy;
    }

    /// <summary>
    /// Copies the whole content (from position 0, whatever <see cref="Stream.Position"/> is) into
    /// <paramref name="destination"/>. Position does not move.
    /// </summary>
    /// <param name="destination">Where to copy; at least <see cref="Stream.Length"/> bytes long.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="Stream.Length"/>.</exception>
    /// <exception cref="ObjectDisposedException">The stream is disposed.</exception>
    public void CopyTo(Span<byte> destination)
    {
        EnsureNotClosed();
        SettlePending();
        long length = CurrentLength;
        if (destination.Length < length)
        {
            ThrowHelper.ThrowArgumentException("The destination is shorter than the stream's length.", nameof(destination));
        }

        CopyContent(0, destination.Slice(0, (int)length));
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
    /// The written bytes as an <see cref="ArraySegment{T}"/> over the stream's own array, without the checks of
    /// <see cref="TryGetBuffer"/>: no copy while the stream is contiguous or reads an array; a segmented stream's
    /// chunks are first gathered into one pooled array (one copy; the stream stays contiguous until it grows past
    /// the segment threshold again).
    /// </summary>
    /// <remarks>Dangerous: the array belongs to the pool. The segment is invalidated by the next write (including
    /// <see cref="GetSpan"/>/<see cref="GetMemory"/>), <see cref="SetLength"/>, <see cref="EnsureCapacity"/>,
    /// <see cref="Reset"/> and <see cref="Stream.Dispose()"/>: after any of them the array may be returned and
    /// rented by someone else. Bytes past <see cref="Stream.Length"/> in the array are stale. See docs/stream.md.</remarks>
    /// <returns>The <see cref="Stream.Length"/> bytes of the stream, starting at the segment's offset.</returns>
    /// <exception cref="ObjectDisposedException">The stream is disposed.</exception>
    /// <exception cref="InvalidOperationException">The content is longer than one array can be, or the stream is
    /// read-only over memory that is not an array.</exception>
    public ArraySegment<byte> DangerousGetArraySegment()
    {
        EnsureNotClosed();
        SettlePending();
        switch (_kind)
        {
            case StreamKind.Contiguous:
                return _array is null ? new ArraySegment<byte>(Array.Empty<byte>()) : new ArraySegment<byte>(_array, 0, _relativeLength);
            case StreamKind.ReadOnly:
                if (!MemoryMarshal.TryGetArray(RareOrNull!.ReadOnly, out ArraySegment<byte> segment))
                {
                    ThrowHelper.ThrowInvalidOperationException("The stream reads memory that is not an array.");
                }

                return segment;
            default:
                Consolidate();
                return DangerousGetArraySegment();
        }
    }
}

using System;
using System.Diagnostics;
using Eddy.Internal;

namespace Eddy.Buffers;

// Random access by position (relative to the first unconsumed element), length changes and capacity.
public sealed partial class SegmentedBuffer<T>
{
    /// <summary>
    /// Copies up to <c>destination.Length</c> elements starting at <paramref name="position"/>; returns how
    /// many were copied: <c>min(destination.Length, Length - position)</c>, 0 at or after the end.
    /// </summary>
    /// <remarks>O(1) when <paramref name="position"/> is in the chunk touched last or the next one (sequential reads); O(log chunks) otherwise.</remarks>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="position"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public int CopyTo(long position, Span<T> destination)
    {
        ThrowHelper.ThrowIfNegative(position);
        long available = Length - position;
        if (available <= 0 || destination.IsEmpty)
        {
            return 0;
        }

        int total = (int)Math.Min(destination.Length, available);
        if (_chunkCount == 0)
        {
            // A bare first chunk holds everything, from the head.
            BlockCopy.Copy(new ReadOnlySpan<T>(_writeArray, _headOffset + (int)position, total), destination);
            return total;
        }

        SyncWriteChunk();
        long absolute = _headStart + position;
        int index = FindChunk(absolute);
        int offset = (int)(absolute - _chunks[index].Start);
        int copied = 0;
        while (true)
        {
            BufferSegment<T> segment = _chunks[index];
            int n = Math.Min(segment.Count - offset, total - copied);
            BlockCopy.Copy(new ReadOnlySpan<T>(segment.Array, offset, n), destination.Slice(copied));
            copied += n;
            if (copied == total)
            {
                break;
            }

            index++;
            offset = 0;
        }

        _cursor = index;
        return total;
    }

    /// <summary>
    /// Writes <paramref name="source"/> at <paramref name="position"/>, overwriting held elements and
    /// extending the buffer past its end as needed.
    /// </summary>
    /// <remarks>O(1) at the end (an append) and near the position touched last; O(log chunks) otherwise.</remarks>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="position"/> is negative or beyond <see cref="Length"/>.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public void Write(long position, ReadOnlySpan<T> source)
    {
        _handedOut = 0;
        long length = Length;
        if (position < 0 || position > length)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(position), position, "The position must be between 0 and the buffer's length.");
        }

        if (position == length)
        {
            Write(source);
            return;
        }

        int overwrite = (int)Math.Min(source.Length, length - position);
        if (overwrite < source.Length)
        {
            // Reserve the tail before overwriting anything, so a pool that throws changes nothing.
            ReserveForAppend(source.Length - overwrite);
        }

        if (overwrite > 0)
        {
            SyncWriteChunk();
            long absolute = _headStart + position;
            int index = FindChunk(absolute);
            int offset = (int)(absolute - _chunks[index].Start);
            int done = 0;
            while (true)
            {
                BufferSegment<T> segment = _chunks[index];
                int n = Math.Min(segment.Count - offset, overwrite - done);
                BlockCopy.Copy(source.Slice(done, n), new Span<T>(segment.Array, offset, n));
                done += n;
                if (done == overwrite)
                {
                    break;
                }

                index++;
                offset = 0;
            }

            _cursor = index;
        }

        if (overwrite < source.Length)
        {
            Append(source.Slice(overwrite));
        }
    }

    /// <summary>
    /// Sets <see cref="Length"/>: growing appends <c>default(T)</c> elements; shrinking drops elements from
    /// the end and returns every chunk past the new end (spares included) to the pool.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public void SetLength(long length)
    {
        ThrowHelper.ThrowIfNegative(length);
        _handedOut = 0;
        long current = Length;
        if (length > current)
        {
            AppendDefault(length - current);
        }
        else if (length < current)
        {
            Truncate(length);
        }
    }

    /// <summary>
    /// Rents chunks ahead of time so that the buffer can hold <paramref name="capacity"/> elements (counted
    /// from the first unconsumed one) without renting again.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public void EnsureCapacity(long capacity)
    {
        ThrowHelper.ThrowIfNegative(capacity);
        _handedOut = 0;
        long available = Capacity;
        if (available >= capacity)
        {
            return;
        }

        if (_writeArray.Length == 0)
        {
            OpenChunk((int)Math.Min(capacity, _maximumChunkLength));
            available = Capacity;
        }

        if (available < capacity)
        {
            // Spares go into the list after the first chunk.
            AttachBareChunk();
        }

        while (available < capacity)
        {
            EnsureChunkSlots(_chunkCount + 1);
            T[] array = RentChunkArray((int)Math.Min(capacity - available, _maximumChunkLength));
            BufferSegment<T> spare = BufferSegmentPool<T>.Rent();
            spare.Array = array;
            _chunks[_chunkCount++] = spare;
            available += array.Length;
        }
    }

    /// <summary>
    /// Takes ownership of <paramref name="array"/> (rented from this buffer's pool) as the first chunk, with
    /// its first <paramref name="count"/> elements as the content; only while the buffer is empty. Lets a
    /// contiguous owner switch to segmented storage without copying.
    /// </summary>
    /// <exception cref="InvalidOperationException">The buffer is not empty.</exception>
    internal void AdoptFirstChunk(T[] array, int count)
    {
        ThrowHelper.ThrowIfNull(array);
        if (count < 0 || count > array.Length)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(count), count, "The count must be between 0 and the array's length.");
        }

        if (Length != 0)
        {
            ThrowHelper.ThrowInvalidOperationException("Only an empty buffer can adopt a first chunk.");
        }

        Debug.Assert(_writeIndex == 0 && _writePos == 0 && _headOffset == 0);
        AttachBareChunk();
        BufferSegment<T> head;
        if (_chunkCount == 0)
        {
            head = AddFirstSegment();
        }
        else
        {
            head = _chunks[0];
            ReturnArray(head.Array);
        }

        head.Array = array;
        head.Start = 0;
        head.Count = count;
        _headStart = 0;
        _headOffset = 0;
        _cursor = 0;
        SetWriteChunk(0, head, count);
        SizeNextChunk(0);
    }

    /// <summary>Appends <paramref name="source"/>, filling the write chunk and then the chunks reserved for it.</summary>
    private void Append(ReadOnlySpan<T> source)
    {
        ReserveForAppend(source.Length);
        while (!source.IsEmpty)
        {
            int free = _writeArray.Length - _writePos;
            if (free == 0)
            {
                OpenChunk(1);
                free = _writeArray.Length - _writePos;
            }

            int n = Math.Min(free, source.Length);
            BlockCopy.Copy(source.Slice(0, n), new Span<T>(_writeArray, _writePos, n));
            _writePos += n;
            source = source.Slice(n);
        }
    }

    /// <summary>
    /// Rents, as spare chunks, what appending <paramref name="count"/> elements needs beyond the free space held:
    /// rent first, copy second, so a pool that throws leaves the content as it was. A long append asks for chunks
    /// of the largest power of two that the rest of it fills completely, each at most as long as the content before
    /// it (growth stays geometric, so shrinking later still frees most chunks): one big write takes a few chunks
    /// that end up full rather than many small ones.
    /// </summary>
    private void ReserveForAppend(long count)
    {
        if (_writeArray.Length == 0)
        {
            OpenChunk(1);
        }

        long free = _writeArray.Length - _writePos;
        for (int i = _writeIndex + 1; i < _chunkCount && free < count; i++)
        {
            free += _chunks[i].Array.Length;
        }

        if (free < count)
        {
            // Spares go into the list after the first chunk.
            AttachBareChunk();
        }

        while (free < count)
        {
            long contentBefore = Math.Max(_initialChunkLength, _writeStart + _writePos + free);
            long fill = Math.Min(Math.Min(count - free, _maximumChunkLength), contentBefore);
            EnsureChunkSlots(_chunkCount + 1);
            T[] array = RentChunkArray(1 << SizeClass.Log2((uint)fill));
            BufferSegment<T> spare = BufferSegmentPool<T>.Rent();
            spare.Array = array;
            _chunks[_chunkCount++] = spare;
            free += array.Length;
        }
    }

    /// <summary>Appends <paramref name="count"/> elements of <c>default(T)</c> (pooled arrays hold stale data).</summary>
    private void AppendDefault(long count)
    {
        ReserveForAppend(count);
        while (count > 0)
        {
            int free = _writeArray.Length - _writePos;
            if (free == 0)
            {
                OpenChunk(1);
                free = _writeArray.Length - _writePos;
            }

            int n = (int)Math.Min(free, count);
            Array.Clear(_writeArray, _writePos, n);
            _writePos += n;
            count -= n;
        }
    }

    /// <summary>Cuts the content to <paramref name="length"/> elements, returning the chunks after the new end.</summary>
    private void Truncate(long length)
    {
        if (length == 0)
        {
            ReleaseChunks(1, _chunkCount);
            RewindEmpty();
            return;
        }

        SyncWriteChunk();
        long end = _headStart + length;
        int index = FindChunk(end - 1);
        BufferSegment<T> last = _chunks[index];
        last.Count = (int)(end - last.Start);
        ReleaseChunks(index + 1, _chunkCount);
        SetWriteChunk(index, last, last.Count);
    }

    /// <summary>The index of the data chunk holding running index <paramref name="absolute"/>.</summary>
    private int FindChunk(long absolute)
    {
        Debug.Assert(absolute >= _headStart && absolute < _writeStart + _writePos);
        int cursor = _cursor;
        if ((uint)cursor <= (uint)_writeIndex)
        {
            BufferSegment<T> segment = _chunks[cursor];
            if (unchecked((ulong)(absolute - segment.Start)) < (ulong)segment.Count)
            {
                return cursor;
            }

            if (cursor < _writeIndex)
            {
                segment = _chunks[cursor + 1];
                if (unchecked((ulong)(absolute - segment.Start)) < (ulong)segment.Count)
                {
                    return cursor + 1;
                }
            }
        }

        // The last data chunk starting at or before the position; a trailing empty write chunk starts at
        // the end, past any valid position, so it is never chosen.
        int low = 0;
        int high = _writeIndex;
        while (low < high)
        {
            int middle = (int)((uint)(low + high + 1) >> 1);
            if (_chunks[middle].Start <= absolute)
            {
                low = middle;
            }
            else
            {
                high = middle - 1;
            }
        }

        return low;
    }
}

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Eddy.Buffers;
using Eddy.Internal;
using Eddy.Lifetime;
using Eddy.Pooling;

namespace Eddy;

// The storage engine, segmented layout: the switch from one array to chunks, and the segmented counterparts of
// the contiguous fast paths (the write window, gap writes, spans at the end).
public sealed partial class PooledMemoryStream
{
    private const int WindowWriteLimit = 256;

    /// <summary>
    /// The segmented buffer, to read: created on first use (which rents nothing) and kept across Reset so a reused
    /// stream does not reallocate it. Reading it arms nothing; chunks are only rented through
    /// <see cref="SegmentsToWrite"/>, which has armed the guard by then.
    /// </summary>
    private SegmentedBuffer<byte> Segments
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RareOrNull?.Segments ?? CreateSegments();
    }

    /// <summary>
    /// The segmented buffer, for an operation that may rent chunks: arms a <see cref="RescueGuard"/> first (once,
    /// until the stream's memory goes back), so a stream dropped undisposed gives its chunks back. The guard is kept
    /// in <see cref="RareFields.RescueGuard"/>; the check on the hot path is a type test of the side-object field and
    /// two null tests.
    /// </summary>
    private SegmentedBuffer<byte> SegmentsToWrite
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RareOrNull is { RescueGuard: not null, Segments: { } segments } ? segments : ArmSegments();
    }

    // With clear-on-return the buffer clears every chunk it hands back that may hold what was written: the content,
    // and spans from GetSpan/GetMemory and the write window, committed or not (they run to the chunk's end).
    private SegmentedBuffer<byte> CreateSegments()
    {
        var segments = new SegmentedBuffer<byte>(BytePool, Settings.ChunkLength, DefaultedMaximumChunkLength(), Settings.ClearOnReturn);

        // The stream's own guard covers the chunks: the buffer must not arm one of its own.
        segments.LeaveRescueToOwner();
        return Rare.Segments = segments;
    }

    /// <summary>
    /// Arms the guard before the first chunk is rented, unless the stream is armed already (a sampled stream is,
    /// from its first rent, with its creation stack). Segmented streams are always tracked: the guard costs little
    /// next to the chunks. The creation still counts for sampling, so that one in the interval keeps its stack.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private SegmentedBuffer<byte> ArmSegments()
    {
        SegmentedBuffer<byte> segments = Segments;

        // The guard holds the stream itself (see Rescue): the two form a cycle that becomes unreachable as one.
        RareFields rare = Rare;
        rare.RescueGuard ??= RescueGuard.Arm(this, this, Settings.ClearOnReturn, captureStack: RescueGuard.ShouldTrack());
        return segments;
    }

    /// <summary>
    /// The configured cap on chunk growth, or by default <see cref="PooledMemoryStreamOptions.DefaultMaximumChunkLength"/>,
    /// lowered to a <see cref="BlockPool"/>'s largest pooled block: chunks the pool would not keep would be
    /// allocated afresh on every use.
    /// </summary>
    private int DefaultedMaximumChunkLength()
    {
        if (Settings.MaximumChunkLength != 0)
        {
            return Settings.MaximumChunkLength;
        }

        int cap = BytePool is BlockPool blocks
            ? Math.Min(PooledMemoryStreamOptions.DefaultMaximumChunkLength, blocks.MaximumBlockLength)
            : PooledMemoryStreamOptions.DefaultMaximumChunkLength;
        return Math.Max(cap, Settings.ChunkLength);
    }

    /// <summary>Hands the contiguous array to the segmented buffer as its first chunk: no copy.</summary>
    private void SwitchToSegmented()
    {
        Debug.Assert(_kind == StreamKind.Contiguous, "Only a contiguous stream hands its array over.");
        SegmentedBuffer<byte> segments = SegmentsToWrite;
        byte[]? array = _array;
        int length = _relativeLength;
        _array = null;
        if (array is not null && length > 0)
        {
            segments.AdoptFirstChunk(array, length);
        }
        else if (array is not null)
        {
            ReturnArray(array, Settings.ClearOnReturn);
        }

        // No window is open: the bases hold Position and Length.
        RareFields rare = Rare;
        rare.PositionBase = _relativePosition;
        rare.LengthBase = length;
        _relativePosition = 0;
        _relativeLength = 0;
        _kind = StreamKind.Segmented;
    }

    /// <summary>
    /// Sets Position when <see cref="SetCurrentPosition"/> cannot store it as it is: a segmented stream's, or a value
    /// past int.MaxValue, which only a mode that allows segments accepts and which no array reaches, so the stream
    /// takes its segmented layout now.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void SetSegmentedPosition(long value)
    {
        if (_kind != StreamKind.Segmented)
        {
            SwitchToSegmented();
        }

        SetSegmentedValue(ref SegmentedRare.PositionBase, ref _relativePosition, value);
    }

    /// <summary>Sets a segmented stream's Length.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void SetSegmentedLength(long value) =>
        SetSegmentedValue(ref SegmentedRare.LengthBase, ref _relativeLength, value);

    /// <summary>Stores a segmented stream's Position or Length as <paramref name="valueBase"/> plus <paramref name="offset"/>.</summary>
    private void SetSegmentedValue(ref long valueBase, ref int offset, long value)
    {
        if (_array is not null)
        {
            // The window stays open while the value is within an int of its start; the fast paths then check it.
            long relative = value - valueBase;
            if (relative == unchecked((int)relative))
            {
                offset = (int)relative;
                return;
            }

            CommitWindow();
        }

        valueBase = value;
        offset = 0;
    }

    private void SegmentedWrite(long position, ReadOnlySpan<byte> source)
    {
        SegmentedBuffer<byte> segments = SegmentsToWrite;
        long length = segments.Length;
        if (position <= length)
        {
            WriteSegments(segments, position, source);
            return;
        }

        try
        {
            segments.SetLength(position);
            WriteSegments(segments, position, source);
        }
        catch
        {
            // A failed write must not leave the gap's zeros behind in the chunks, past Length.
            segments.SetLength(length);
            throw;
        }
    }

    private void WriteSegments(SegmentedBuffer<byte> segments, long position, ReadOnlySpan<byte> source)
    {
        if (position == segments.Length && source.Length is > 0 and <= WindowWriteLimit)
        {
            AppendThroughWindow(segments, position, source);
            SetCurrentLength(position + source.Length);
            return;
        }

        bool append = position == segments.Length;
        segments.Write(position, source);
        SetCurrentLength(segments.Length);
        if (append)
        {
            // The next append lands in the rest of the last chunk: open the window on it, so that it takes the
            // fast path whatever its size, without renting anything now.
            OpenWindowOnFreeTail(segments);
        }
    }

    private void OpenWindowOnFreeTail(SegmentedBuffer<byte> segments)
    {
        if (segments.TryGetFreeTail(out ArraySegment<byte> free))
        {
            TryOpenWindow(free, segments.Length);
        }
    }

    /// <summary>
    /// Makes <paramref name="free"/>, which starts at stream position <paramref name="position"/>, the write window:
    /// Position and Length become offsets from the start of its array. False, and no window, when either is more
    /// than an int away from it (a write past a long gap); the slow paths then serve the next write.
    /// </summary>
    private bool TryOpenWindow(ArraySegment<byte> free, long position)
    {
        Debug.Assert(_array is null, "A window opens only once the last one is committed.");
        RareFields rare = SegmentedRare;
        long start = position - free.Offset;
        long relativePosition = rare.PositionBase + _relativePosition - start;
        long relativeLength = rare.LengthBase + _relativeLength - start;
        if (relativePosition != unchecked((int)relativePosition) || relativeLength != unchecked((int)relativeLength))
        {
            return false;
        }

        _array = free.Array;
        rare.PositionBase = start;
        rare.LengthBase = start;
        _relativePosition = (int)relativePosition;
        _relativeLength = (int)relativeLength;
        return true;
    }

    private void SegmentedSetLength(long value)
    {
        // Only growing can rent a chunk; shrinking or emptying a stream that holds none arms nothing.
        SegmentedBuffer<byte> segments = value > (RareOrNull?.Segments?.Length ?? 0) ? SegmentsToWrite : Segments;
        if (value == 0)
        {
            // Empty again: start over from the first chunk length, as a new stream would.
            segments.Reset();
        }
        else
        {
            segments.SetLength(value);
        }
    }

    private void SegmentedCopy(long position, Span<byte> destination) =>
        Segments.CopyTo(position, destination);

    private Memory<byte> SegmentedGetMemory(long position, int size)
    {
        SegmentedBuffer<byte> segments = SegmentsToWrite;
        long length = segments.Length;
        Memory<byte> memory;
        if (position > length)
        {
            try
            {
                segments.SetLength(position);
                memory = segments.GetMemory(size);
            }
            catch
            {
                // As for a write: a span that could not be handed out leaves no gap behind.
                segments.SetLength(length);
                throw;
            }

            SetCurrentLength(position);
        }
        else
        {
            memory = segments.GetMemory(size);
            if (MemoryMarshal.TryGetArray(memory, out ArraySegment<byte> free) && TryOpenWindow(free, position))
            {
                // An append: the span is the window, so the next GetSpan and Advance take the inlined fast paths
                // as the contiguous layout's do, and the window's commit advances the chunks.
                byte[] window = _array!;
                int at = _relativePosition;
                _spanMark = ~at;
                return new Memory<byte>(window, at, window.Length - at);
            }
        }

        _spanMark = OtherSpan;
        return memory;
    }

    /// <summary>Commits <paramref name="count"/> bytes (at most those handed out) of the span at the end of the chunks.</summary>
    private void SegmentedAdvance(int count)
    {
        SegmentedBuffer<byte> segments = Segments;
        _spanMark = NoSpan;
        segments.Advance(count);
        SetCurrentPosition(CurrentPosition + count);
        SetCurrentLength(segments.Length);
    }

    /// <summary>
    /// Brings the segmented buffer up to date before anything but the write fast paths touches it: commits the
    /// bytes written through the window, and drops a scratch span from GetSpan/GetMemory that was never advanced.
    /// </summary>
    private void SettlePending()
    {
        _spanMark = NoSpan;
        if (_kind == StreamKind.Segmented && _array is not null)
        {
            CommitWindow();
        }

        if (RareOrNull?.Scratch is not null)
        {
            ReturnScratch();
        }
    }

    private void CommitWindow()
    {
        // The bases take the values again.
        RareFields rare = SegmentedRare;
        long length = rare.LengthBase + _relativeLength;
        rare.PositionBase += _relativePosition;
        rare.LengthBase = length;
        _relativePosition = 0;
        _relativeLength = 0;
        _array = null;
        SegmentedBuffer<byte> segments = rare.Segments!;
        int pending = (int)(length - segments.Length);
        if (pending > 0)
        {
            segments.Advance(pending);
        }
    }

    /// <summary>
    /// A small append at the end of a segmented stream: the bytes go into the write chunk's free space, which
    /// then stays open as the window so that the next small appends take the inlined fast paths.
    /// </summary>
    private void AppendThroughWindow(SegmentedBuffer<byte> segments, long position, ReadOnlySpan<byte> source)
    {
        Memory<byte> memory = segments.GetMemory(source.Length);
        if (!MemoryMarshal.TryGetArray(memory, out ArraySegment<byte> free))
        {
            segments.Write(position, source);
            return;
        }

        BlockCopy.Copy(source, free.AsSpan());
        if (!TryOpenWindow(free, position))
        {
            segments.Advance(source.Length);
        }
    }

    private void ReturnScratch()
    {
        RareFields? rare = RareOrNull;
        byte[]? scratch = rare?.Scratch;
        if (rare is not null)
        {
            rare.Scratch = null;
        }

        _spanMark = NoSpan;
        if (scratch is not null)
        {
            ReturnArray(scratch, Settings.ClearOnReturn);
        }
    }
}

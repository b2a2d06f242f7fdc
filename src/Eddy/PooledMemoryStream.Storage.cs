using System;
using System.Buffers;
using System.Diagnostics;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading.Tasks;
using Eddy.Buffers;
using Eddy.Internal;
using Eddy.Lifetime;
using Eddy.Pooling;

namespace Eddy;

// The storage engine's state: the fields and how they encode Position, Length, the layout and the options; the
// side object; renting and returning arrays; reading the content whatever the layout.
public sealed partial class PooledMemoryStream
{
    // The write fast paths store into _array[_relativePosition] while that index is below _array.Length and no
    // gap lies before it. Contiguous: _array is the buffer. Segmented: _array is the write chunk opened by an append
    // (the window: the chunk's free tail runs to its end), null otherwise; bytes written through it past the
    // segmented buffer's Length are committed by SettlePending.
    private byte[]? _array;

    // The options and the seldom-used state, in one field so that the common short-lived stream object stays small
    // and its Dispose has less to reset. It holds one of three things; read it only through the accessors below it:
    //   null                       default options, and nothing seldom-used yet (a default stream that stayed contiguous);
    //   a PooledMemoryStreamOptions other options, and nothing seldom-used yet (so those options cost no side object);
    //   a RareFields               the side object, created on first need (CreateRare), which then holds the options
    //                              and the seldom-used state: segments, read-only bytes, scratch array, owner, guard.
    // Accessors: Settings (the options, never null), CustomOptions (the options or null when default), RareOrNull
    // (the side object or null), Rare (the side object, created if needed), SegmentedRare (a segmented stream's).
    private object? _optionsOrRare;

    // Position and Length, as ints so the stream object is as small as a MemoryStream-like stream can be.
    // Contiguous and read-only streams never pass int.MaxValue: these are the values. A segmented stream's values
    // are long: these are offsets from RareFields.PositionBase and LengthBase, which share the window's start while
    // a window is open (so the fast paths index _array with _relativePosition) and otherwise hold the values (the
    // offsets then 0). CurrentPosition/CurrentLength read them and SetCurrentPosition/SetCurrentLength write them.
    private int _relativePosition;
    private int _relativeLength;

    // What the last GetSpan/GetMemory handed out, so that Advance can refuse a span that is spent, stale or too
    // short. One int, read as:
    //   NoSpan (0, the default)  none, or already advanced; Seek, Position and SettlePending reset it to this (the
    //                            write fast paths do not: hence the Position check of the negative form);
    //   OtherSpan (1)            a span at the end of the chunks or a scratch array (RareFields.Scratch): Advance checks
    //                            the count against that span's own length;
    //   negative                 ~position: a span straight into the contiguous array at that Position, running to the
    //                            array's end. Advance takes the inlined fast path only while Position still equals
    //                            ~_spanMark, so a span the write fast paths have since moved past is refused.
    private const int NoSpan = 0;
    private const int OtherSpan = 1;
    private int _spanMark;

    // The layout, or why there is none. Writable kinds come first (CanWrite is _kind <= Segmented).
    private StreamKind _kind;

    private enum StreamKind : byte
    {
        Contiguous = 0,
        Segmented = 1,
        ReadOnly = 2,
        Disposed = 3,
    }

    /// <summary>Position, whatever the layout (no disposed check).</summary>
    private long CurrentPosition
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _kind == StreamKind.Segmented ? SegmentedRare.PositionBase + _relativePosition : _relativePosition;
    }

    /// <summary>Length, whatever the layout (no disposed check).</summary>
    private long CurrentLength
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _kind == StreamKind.Segmented ? SegmentedRare.LengthBase + _relativeLength : _relativeLength;
    }

    /// <summary>The side object of a segmented stream, which always has one.</summary>
    private RareFields SegmentedRare
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => (RareFields)_optionsOrRare!;
    }

    /// <summary>Sets Position (already validated) whatever the layout.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void SetCurrentPosition(long value)
    {
        if (_kind != StreamKind.Segmented && unchecked((ulong)value) <= int.MaxValue)
        {
            _relativePosition = (int)value;
            return;
        }

        SetSegmentedPosition(value);
    }

    /// <summary>Sets Length (already validated) whatever the layout.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void SetCurrentLength(long value)
    {
        if (_kind != StreamKind.Segmented)
        {
            // A contiguous stream past an array's reach has switched to segments before its Length is set.
            Debug.Assert(unchecked((ulong)value) <= int.MaxValue, "A contiguous Length fits an array.");
            _relativeLength = (int)value;
            return;
        }

        SetSegmentedLength(value);
    }

    // The largest Position/Length: int.MaxValue like MemoryStream when contiguous-only or read-only, else long.MaxValue.
    private long MaxLength => Settings.Mode == PooledMemoryStreamMode.Contiguous ? int.MaxValue : long.MaxValue;

    private PooledMemoryStreamOptions Settings => CustomOptions ?? PooledMemoryStreamOptions.Default;

    private ArrayPool<byte> BytePool => Settings.EffectivePool;

    /// <summary>
    /// The least the first rent asks for: <see cref="PooledMemoryStreamOptions.InitialCapacity"/> (at least
    /// <see cref="PooledMemoryStreamOptions.MinimumRentLength"/>), or <see cref="PooledMemoryStreamOptions.DefaultInitialCapacity"/> when it is 0.
    /// </summary>
    private int FirstRentFloor => FirstRentFloorOf(Settings);

    private static int FirstRentFloorOf(PooledMemoryStreamOptions options)
    {
        if (options.Mode == PooledMemoryStreamMode.Segmented)
        {
            return Math.Max(options.FirstChunkLength, options.InitialCapacity);
        }

        int initialCapacity = options.InitialCapacity;
        return initialCapacity == 0
            ? PooledMemoryStreamOptions.DefaultInitialCapacity
            : Math.Max(initialCapacity, PooledMemoryStreamOptions.MinimumRentLength);
    }

    // The default pool is called through its sealed type, so the JIT can inline Rent and Return: through
    // ArrayPool<byte> each would be a virtual call behind a generic static lookup, a third of a tiny stream's cost.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private byte[] RentArray(int minimumLength)
    {
        ArrayPool<byte>? pool = CustomOptions?.Pool;
        return pool is null ? BlockPool.Shared.Rent(minimumLength) : pool.Rent(minimumLength);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ReturnArray(byte[] array, bool clearArray = false)
    {
        ArrayPool<byte>? pool = CustomOptions?.Pool;
        if (pool is null)
        {
            BlockPool.Shared.Return(array, clearArray);
        }
        else
        {
            pool.Return(array, clearArray);
        }
    }

    /// <summary>The side object, or null when the stream has none.</summary>
    private RareFields? RareOrNull
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _optionsOrRare as RareFields;
    }

    /// <summary>The options when they are not <see cref="PooledMemoryStreamOptions.Default"/>, or null.</summary>
    private PooledMemoryStreamOptions? CustomOptions
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _optionsOrRare is RareFields rare ? rare.Options : (PooledMemoryStreamOptions?)_optionsOrRare;
    }

    /// <summary>The side object, created (and given the options) on first need.</summary>
    private RareFields Rare => _optionsOrRare as RareFields ?? CreateRare();

    private RareFields CreateRare()
    {
        var rare = new RareFields { Options = (PooledMemoryStreamOptions?)_optionsOrRare };
        _optionsOrRare = rare;
        return rare;
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

    /// <summary>The stream's seldom-used state; see <see cref="_optionsOrRare"/>.</summary>
    private sealed class RareFields
    {
        /// <summary>The options, when they are not <see cref="PooledMemoryStreamOptions.Default"/>; set when the side object is created, never changed.</summary>
        public PooledMemoryStreamOptions? Options;

        /// <summary>A segmented stream's Position is this plus <see cref="_relativePosition"/>.</summary>
        public long PositionBase;

        /// <summary>A segmented stream's Length is this plus <see cref="_relativeLength"/>.</summary>
        public long LengthBase;

        /// <summary>The chunks of a segmented stream, created on first need and kept across Reset.</summary>
        public SegmentedBuffer<byte>? Segments;

        /// <summary>The bytes of a read-only stream.</summary>
        public ReadOnlyMemory<byte> ReadOnly;

        /// <summary>IBufferWriter inside the content: the span handed out is this rented array, which Advance writes at <see cref="ScratchAt"/>.</summary>
        public byte[]? Scratch;

        /// <summary>The Position <see cref="Scratch"/> was handed out at.</summary>
        public long ScratchAt;

        /// <summary>
        /// The task the last <c>ReadAsync(byte[], ...)</c> returned, returned again for the same count as MemoryStream
        /// does; here, not in the stream, because most streams are never read asynchronously.
        /// </summary>
        public Task<int>? LastReadTask;

        /// <summary>Set while the stream belongs to a <see cref="PooledMemoryStreamPool"/>.</summary>
        public PooledMemoryStreamPool? Owner;

        /// <summary>
        /// Armed while the stream may hold pooled memory it is tracked for (chunks, or a sampled stream's array), so
        /// a stream dropped undisposed gives it back. Here rather than in the stream so that an unsampled contiguous
        /// stream, which never arms one, carries no field for it.
        /// </summary>
        public RescueGuard? RescueGuard;
    }
}

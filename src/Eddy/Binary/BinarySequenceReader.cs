using System;
using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Eddy.Internal;

namespace Eddy.Binary;

/// <summary>
/// Reads what <see cref="BinaryBufferWriter"/> and <see cref="System.IO.BinaryWriter"/> write, from a
/// <see cref="ReadOnlySequence{T}"/> (any number of segments) or one span. Values may straddle segments.
/// <c>SegmentedBuffer&lt;byte&gt;</c>, <c>PooledMemoryStream</c> and a pipe's reader hand out
/// their bytes as a sequence; arrays and <see cref="ReadOnlyMemory{T}"/> convert to a span.
/// </summary>
/// <remarks>
/// <para>Safe on untrusted input. Every read checks its length: reading past the end throws
/// <see cref="System.IO.EndOfStreamException"/> naming the position; malformed data (a negative length
/// prefix, a 7-bit integer longer than its type, an invalid decimal, a supplementary character read as one
/// char) throws <see cref="System.IO.InvalidDataException"/>. No other exception comes out of a read. A
/// length prefix is checked against the bytes that remain before anything is allocated. A read that throws
/// or returns false leaves <see cref="Position"/> where it was.</para>
/// <para>Being a <c>ref struct</c>, it lives on the stack; pass it by <c>ref</c>. C# has no
/// <c>reader &gt;&gt; out x</c> (operators take no <c>out</c> arguments, and a struct cannot return a
/// reference to itself for chaining), so reading is by methods: <c>x = reader.Read&lt;float&gt;()</c>.</para>
/// </remarks>
[DebuggerDisplay("Position = {Position}, Remaining = {Remaining}")]
public ref partial struct BinarySequenceReader
{
    private readonly ReadOnlySequence<byte> _sequence;
    private readonly long _length;

    // The unread bytes of the current segment; the segment ends at absolute offset _segmentEnd, and the
    // next segment (if _segmentEnd < _length) is found at _nextSegment.
    private ReadOnlySpan<byte> _span;
    private long _segmentEnd;
    private SequencePosition _nextSegment;

    /// <summary>Creates a reader over every byte of <paramref name="sequence"/>.</summary>
    /// <param name="sequence">The bytes to read.</param>
    public BinarySequenceReader(ReadOnlySequence<byte> sequence)
    {
        _sequence = sequence;
        if (sequence.IsSingleSegment)
        {
            // A short message in one chunk: its span is all there is, with no segment after it.
            ReadOnlySpan<byte> single = sequence.FirstSpan;
            _length = single.Length;
            _span = single;
            _segmentEnd = single.Length;
            _nextSegment = default;
            return;
        }

        // The first segment comes back in pieces, set here field by field: a whole reader returned by a call is
        // copied through stack temporaries into the caller's local.
        ReadOnlySpan<byte> first = FirstSegment(sequence, out long length, out SequencePosition next);
        _length = length;
        _span = first;
        _segmentEnd = first.Length;
        _nextSegment = next;
    }

    /// <summary>Creates a reader over <paramref name="span"/>.</summary>
    /// <param name="span">The bytes to read.</param>
    public BinarySequenceReader(ReadOnlySpan<byte> span)
    {
        _sequence = default;
        _length = span.Length;
        _span = span;
        _segmentEnd = span.Length;
        _nextSegment = default;
    }

    /// <summary>How many bytes have been read.</summary>
    public readonly long Position
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _segmentEnd - _span.Length;
    }

    /// <summary>How many bytes are left.</summary>
    public readonly long Remaining
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _length - Position;
    }

    /// <summary>Whether every byte has been read.</summary>
    public readonly bool End
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Position == _length;
    }

    /// <summary>Reads one byte; any non-zero value is true, as in <see cref="System.IO.BinaryReader.ReadBoolean"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal bool ReadBoolean() => ReadUnmanaged<byte>() != 0;

    /// <summary>Reads one byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal byte ReadByte() => ReadUnmanaged<byte>();

    /// <summary>Reads one byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal sbyte ReadSByte() => ReadUnmanaged<sbyte>();

    /// <summary>Reads two bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal short ReadInt16() => ReadUnmanaged<short>();

    /// <summary>Reads two bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal ushort ReadUInt16() => ReadUnmanaged<ushort>();

    /// <summary>Reads four bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal int ReadInt32() => ReadUnmanaged<int>();

    /// <summary>Reads four bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal uint ReadUInt32() => ReadUnmanaged<uint>();

    /// <summary>Reads eight bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal long ReadInt64() => ReadUnmanaged<long>();

    /// <summary>Reads eight bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal ulong ReadUInt64() => ReadUnmanaged<ulong>();

    /// <summary>Reads an IEEE single from four bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal float ReadSingle() => ReadUnmanaged<float>();

    /// <summary>Reads an IEEE double from eight bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal double ReadDouble() => ReadUnmanaged<double>();

    /// <summary>Reads sixteen bytes in <see cref="System.IO.BinaryWriter"/>'s decimal layout.</summary>
    /// <exception cref="System.IO.InvalidDataException">The flags hold bits a decimal cannot have, or a scale above 28.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal decimal ReadDecimal()
    {
        this = ReadDecimalCore(this, out decimal value);
        return value;
    }

    /// <summary>
    /// Reads any unmanaged value from its bytes, the counterpart of every <see cref="BinaryBufferWriter"/>
    /// <c>Write(x)</c> overload and of <see cref="System.IO.BinaryReader"/>'s typed reads
    /// (<c>Read&lt;int&gt;()</c> for <c>ReadInt32()</c>, <c>Read&lt;double&gt;()</c> for <c>ReadDouble()</c>):
    /// scalars little-endian; <see cref="bool"/> one byte, nonzero for true; <see cref="char"/> as UTF-8 (1 to 3
    /// bytes, an ill-formed sequence reading as U+FFFD); <see cref="decimal"/> in BinaryWriter's 16-byte layout.
    /// </summary>
    /// <typeparam name="T">The value's type.</typeparam>
    /// <exception cref="System.IO.EndOfStreamException">The data ends before the value is complete.</exception>
    /// <exception cref="System.IO.InvalidDataException">An invalid decimal, or a char whose bytes encode a supplementary character (read those with <see cref="ReadString"/>).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T Read<T>()
        where T : unmanaged
    {
        if (typeof(T) == typeof(bool))
        {
            return LittleEndian.As<bool, T>(ReadBoolean());
        }

        if (typeof(T) == typeof(char))
        {
            return LittleEndian.As<char, T>(ReadChar());
        }

        if (typeof(T) == typeof(decimal))
        {
            return LittleEndian.As<decimal, T>(ReadDecimal());
        }

        return ReadUnmanaged<T>();
    }

    /// <summary>Reads a <typeparamref name="T"/> as <see cref="Read{T}"/> does, or returns false, reading nothing, if the data ends first.</summary>
    /// <typeparam name="T">The value's type.</typeparam>
    /// <param name="value">The value read, or default.</param>
    /// <returns>Whether a value was read.</returns>
    /// <exception cref="System.IO.InvalidDataException">The bytes are there but malformed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public unsafe bool TryRead<T>(out T value)
        where T : unmanaged
    {
        if (typeof(T) == typeof(char))
        {
            bool read = TryReadChar(out char ch);
            value = LittleEndian.As<char, T>(ch);
            return read;
        }

        // A bool and a decimal take sizeof(T) bytes too (1 and 16).
        if (Remaining < sizeof(T))
        {
            value = default;
            return false;
        }

        value = Read<T>();
        return true;
    }

    /// <summary>
    /// Fills <paramref name="destination"/> with values read as <see cref="Read{T}"/> reads them, the
    /// counterpart of <see cref="BinaryBufferWriter.WriteSpan{T}"/>.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="destination">Where the values go.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ReadSpan<T>(scoped Span<T> destination)
        where T : unmanaged
    {
        if (typeof(T) == typeof(bool) || typeof(T) == typeof(char) || typeof(T) == typeof(decimal))
        {
            this = ReadEachCore(this, destination);
        }
        else
        {
            ReadRaw(MemoryMarshal.AsBytes(destination));
            LittleEndian.Normalize(destination);
        }
    }

    /// <summary>Fills <paramref name="destination"/> with the next bytes, as they are.</summary>
    /// <param name="destination">Where the bytes go.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ReadRaw(scoped Span<byte> destination)
    {
        if (destination.Length <= _span.Length)
        {
            BlockCopy.Copy(_span.Slice(0, destination.Length), destination);
            _span = _span.Slice(destination.Length);
        }
        else
        {
            this = ReadRawSlow(this, destination);
        }
    }

    /// <summary>Skips <paramref name="count"/> bytes.</summary>
    /// <param name="count">How many bytes to skip.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Skip(long count) => this = SkipCore(this, count);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private unsafe T ReadUnmanaged<T>()
        where T : unmanaged
    {
        ReadOnlySpan<byte> span = _span;
        if (span.Length >= sizeof(T))
        {
            T value = LittleEndian.Read<T>(span);
            _span = span.Slice(sizeof(T));
            return value;
        }

        this = ReadUnmanagedSlow(this, out T slowValue);
        return slowValue;
    }

    // Slow paths are static and take and return the reader by value (this = Slow(this, ...)): a call that
    // received the caller's reader by reference would force that local into memory for the whole calling
    // method, and every fast-path read would then load and store its fields instead of keeping them in
    // registers. Public methods are inlined wrappers for the same reason.

    /// <summary>
    /// The first non-empty segment of <paramref name="sequence"/> (empty when there is none), the sequence's length,
    /// and where the segment after it is found.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static ReadOnlySpan<byte> FirstSegment(ReadOnlySequence<byte> sequence, out long length, out SequencePosition next)
    {
        length = sequence.Length;
        next = sequence.Start;
        while (sequence.TryGet(ref next, out ReadOnlyMemory<byte> memory))
        {
            if (!memory.IsEmpty)
            {
                return memory.Span;
            }
        }

        return default;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinarySequenceReader ReadUnmanagedSlow<T>(BinarySequenceReader reader, out T value)
        where T : unmanaged
    {
        value = default;
        reader.CopyAcrossSegments(MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref value, 1)));
        value = LittleEndian.Normalize(value);
        return reader;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinarySequenceReader ReadRawSlow(BinarySequenceReader reader, scoped Span<byte> destination)
    {
        reader.CopyAcrossSegments(destination);
        return reader;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinarySequenceReader ReadDecimalCore(BinarySequenceReader reader, out decimal value)
    {
        DecimalBits bits = reader.PeekUnmanaged<DecimalBits>().Normalize();
        if (!bits.IsValid)
        {
            ThrowHelper.ThrowInvalidDataException_At(reader.Position, "the decimal's flags are invalid.");
        }

        reader.Advance(16);
        value = bits.ToDecimal();
        return reader;
    }

    /// <summary>Reads element by element; on failure leaves the original reader untouched (the caller keeps it).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinarySequenceReader ReadEachCore<T>(BinarySequenceReader reader, scoped Span<T> destination)
        where T : unmanaged
    {
        for (int i = 0; i < destination.Length; i++)
        {
            destination[i] = reader.Read<T>();
        }

        return reader;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinarySequenceReader SkipCore(BinarySequenceReader reader, long count)
    {
        ThrowHelper.ThrowIfNegative(count);
        if (count > reader.Remaining)
        {
            ThrowHelper.ThrowEndOfStreamException_Read(reader.Position, count, reader.Remaining);
        }

        reader.Advance(count);
        return reader;
    }

    /// <summary>Reads a <typeparamref name="T"/> without consuming it; throws if fewer bytes remain.</summary>
    private readonly unsafe T PeekUnmanaged<T>()
        where T : unmanaged
    {
        T value = default;
        Span<byte> bytes = MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref value, 1));
        if (Peek(bytes) < sizeof(T))
        {
            ThrowHelper.ThrowEndOfStreamException_Read(Position, sizeof(T), Remaining);
        }

        return LittleEndian.Normalize(value);
    }

    /// <summary>Copies across segments; checks the whole length first, so a short read consumes nothing.</summary>
    private void CopyAcrossSegments(scoped Span<byte> destination)
    {
        if (destination.Length > Remaining)
        {
            ThrowHelper.ThrowEndOfStreamException_Read(Position, destination.Length, Remaining);
        }

        while (true)
        {
            int take = Math.Min(destination.Length, _span.Length);
            BlockCopy.Copy(_span.Slice(0, take), destination);
            _span = _span.Slice(take);
            destination = destination.Slice(take);
            if (destination.IsEmpty)
            {
                return;
            }

            MoveToNextSegment();
        }
    }

    /// <summary>Copies up to <paramref name="destination"/>'s length of the next bytes without consuming them.</summary>
    /// <returns>How many bytes were copied.</returns>
    private readonly int Peek(scoped Span<byte> destination)
    {
        int copied = Math.Min(destination.Length, _span.Length);
        BlockCopy.Copy(_span.Slice(0, copied), destination);
        // TryGet ends at the end of the sequence; a reader over a span has the default sequence, which has no segment.
        SequencePosition next = _nextSegment;
        while (copied < destination.Length && _sequence.TryGet(ref next, out ReadOnlyMemory<byte> memory))
        {
            int take = Math.Min(destination.Length - copied, memory.Length);
            BlockCopy.Copy(memory.Span.Slice(0, take), destination.Slice(copied));
            copied += take;
        }

        return copied;
    }

    /// <summary>Loads the next non-empty segment into <see cref="_span"/>, if there is one.</summary>
    private void MoveToNextSegment()
    {
        while (_sequence.TryGet(ref _nextSegment, out ReadOnlyMemory<byte> memory))
        {
            if (!memory.IsEmpty)
            {
                _span = memory.Span;
                _segmentEnd += memory.Length;
                return;
            }
        }
    }

    /// <summary>Consumes <paramref name="count"/> bytes; the caller checked that they remain.</summary>
    private void Advance(long count)
    {
        while (count > _span.Length)
        {
            count -= _span.Length;
            _span = default;
            MoveToNextSegment();
        }

        _span = _span.Slice((int)count);
    }
}

using System;
using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Text;
using Eddy.Internal;
using Eddy.Pooling;

namespace Eddy.Binary;

/// <content>Chars, strings, length-prefixed byte arrays and 7-bit-encoded integers.</content>
public ref partial struct BinarySequenceReader
{
    /// <summary>Strings that straddle segments and are at most this long are gathered on the stack.</summary>
    private const int StackGatherLimit = 512;

    /// <summary>
    /// Reads one char stored as UTF-8 (1 to 3 bytes), as <see cref="System.IO.BinaryReader.ReadChar"/> reads
    /// what <see cref="System.IO.BinaryWriter.Write(char)"/> wrote. An ill-formed sequence reads as U+FFFD.
    /// </summary>
    /// <exception cref="System.IO.EndOfStreamException">The data ends before the char is complete.</exception>
    /// <exception cref="System.IO.InvalidDataException">The bytes encode a supplementary character, which needs two chars; read it with <see cref="ReadString"/>.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal char ReadChar()
    {
        if (!TryReadChar(out char value))
        {
            ThrowCharTruncated(this);
        }

        return value;
    }

    /// <summary>Reads one char as <see cref="ReadChar"/> does, or returns false, reading nothing, if the data ends first.</summary>
    /// <param name="value">The char read, or default.</param>
    /// <returns>Whether a char was read.</returns>
    /// <exception cref="System.IO.InvalidDataException">The bytes encode a supplementary character.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal bool TryReadChar(out char value)
    {
        ReadOnlySpan<byte> span = _span;
        if (span.Length > 0 && span[0] < 0x80)
        {
            value = (char)span[0];
            _span = span.Slice(1);
            return true;
        }

        this = TryReadCharSlow(this, out value, out bool read);
        return read;
    }

    /// <summary>
    /// Reads a string stored as a 7-bit-encoded UTF-8 byte count and the UTF-8 bytes, as
    /// <see cref="System.IO.BinaryReader.ReadString"/> does. Ill-formed UTF-8 reads as U+FFFD.
    /// </summary>
    /// <exception cref="System.IO.EndOfStreamException">The data ends before the string does; nothing is allocated.</exception>
    /// <exception cref="System.IO.InvalidDataException">The length prefix is negative or longer than five bytes.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public string ReadString()
    {
        this = ReadStringCore(this, out string value);
        return value;
    }

    /// <summary>Reads a string as <see cref="ReadString"/> does, or returns false, reading nothing, if the data ends first.</summary>
    /// <param name="value">The string read, or null.</param>
    /// <returns>Whether a string was read.</returns>
    /// <exception cref="System.IO.InvalidDataException">The length prefix is malformed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadString([NotNullWhen(true)] out string? value)
    {
        this = TryReadStringCore(this, out value);
        return value is not null;
    }

    /// <summary>Reads a 7-bit-encoded length and that many bytes, the format <see cref="BinaryBufferWriter.WriteBytes"/> writes.</summary>
    /// <returns>A new array holding the bytes.</returns>
    /// <exception cref="System.IO.EndOfStreamException">The data ends before the bytes do; nothing is allocated.</exception>
    /// <exception cref="System.IO.InvalidDataException">The length prefix is negative or longer than five bytes.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public byte[] ReadBytes()
    {
        this = ReadBytesCore(this, out byte[] value);
        return value;
    }

    /// <summary>Reads a length-prefixed byte array as <see cref="ReadBytes"/> does, or returns false, reading nothing, if the data ends first.</summary>
    /// <param name="value">The bytes read, or null.</param>
    /// <returns>Whether the bytes were read.</returns>
    /// <exception cref="System.IO.InvalidDataException">The length prefix is malformed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadBytes([NotNullWhen(true)] out byte[]? value)
    {
        this = TryReadBytesCore(this, out value);
        return value is not null;
    }

    /// <summary>Reads a 32-bit integer stored 7 bits per byte in 1 to 5 bytes, as <see cref="System.IO.BinaryReader.Read7BitEncodedInt"/> does.</summary>
    /// <exception cref="System.IO.EndOfStreamException">The data ends inside the integer.</exception>
    /// <exception cref="System.IO.InvalidDataException">The encoding is longer than 5 bytes or overflows 32 bits (BinaryReader throws FormatException here).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int Read7BitEncodedInt()
    {
        this = Read7BitCore(this, MaxBytes7BitInt32, out ulong value);
        // The decoder allows 32 bits; the top one is the sign, as BinaryReader reads it.
        return unchecked((int)value);
    }

    /// <summary>Reads a 64-bit integer stored 7 bits per byte in 1 to 10 bytes, as <c>BinaryReader.Read7BitEncodedInt64</c> does.</summary>
    /// <exception cref="System.IO.EndOfStreamException">The data ends inside the integer.</exception>
    /// <exception cref="System.IO.InvalidDataException">The encoding is longer than 10 bytes or overflows 64 bits.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long Read7BitEncodedInt64()
    {
        this = Read7BitCore(this, MaxBytes7BitInt64, out ulong value);
        return unchecked((long)value);
    }

    private const int MaxBytes7BitInt32 = 5;
    private const int MaxBytes7BitInt64 = 10;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinarySequenceReader ReadStringCore(BinarySequenceReader reader, out string value)
    {
        int prefixLength = reader.PeekLength(out int byteCount);
        reader.EnsureRemaining(prefixLength, byteCount);
        value = reader.ReadStringBody(prefixLength, byteCount);
        return reader;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinarySequenceReader TryReadStringCore(BinarySequenceReader reader, out string? value)
    {
        value = null;
        if (reader.TryPeekLength(out int byteCount, out int prefixLength) && reader.Remaining - prefixLength >= byteCount)
        {
            value = reader.ReadStringBody(prefixLength, byteCount);
        }

        return reader;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinarySequenceReader ReadBytesCore(BinarySequenceReader reader, out byte[] value)
    {
        int prefixLength = reader.PeekLength(out int count);
        reader.EnsureRemaining(prefixLength, count);
        value = reader.ReadBytesBody(prefixLength, count);
        return reader;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinarySequenceReader TryReadBytesCore(BinarySequenceReader reader, out byte[]? value)
    {
        value = null;
        if (reader.TryPeekLength(out int count, out int prefixLength) && reader.Remaining - prefixLength >= count)
        {
            value = reader.ReadBytesBody(prefixLength, count);
        }

        return reader;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinarySequenceReader Read7BitCore(BinarySequenceReader reader, int maxBytes, out ulong value)
    {
        int length = reader.Peek7Bit(maxBytes, out value);
        reader.Advance(length);
        return reader;
    }

    private enum Decode7BitStatus
    {
        Done,
        Truncated,
        Overlong,
    }

    /// <summary>Decodes a 7-bit integer of at most <paramref name="maxBytes"/> bytes from the start of <paramref name="bytes"/>.</summary>
    private static Decode7BitStatus Decode7Bit(ReadOnlySpan<byte> bytes, int maxBytes, out ulong value, out int length)
    {
        value = 0;
        length = 0;
        int lastByteMax = maxBytes == MaxBytes7BitInt32 ? 0x0F : 0x01; // the bits left of the type's width
        for (int i = 0; i < maxBytes; i++)
        {
            if (i >= bytes.Length)
            {
                return Decode7BitStatus.Truncated;
            }

            byte b = bytes[i];
            if (i == maxBytes - 1 && b > lastByteMax)
            {
                return Decode7BitStatus.Overlong;
            }

            value |= (ulong)(b & 0x7F) << (7 * i);
            if (b < 0x80)
            {
                length = i + 1;
                return Decode7BitStatus.Done;
            }
        }

        return Decode7BitStatus.Overlong; // unreachable: the last byte was checked to be below 0x80
    }

    /// <summary>Decodes the next 7-bit integer without consuming it; returns its length in bytes, or 0 if the data ends inside it.</summary>
    private readonly int TryPeek7Bit(int maxBytes, out ulong value)
    {
        Decode7BitStatus status = Decode7Bit(_span, maxBytes, out value, out int length);
        if (status == Decode7BitStatus.Truncated && _span.Length < maxBytes && _segmentEnd < _length)
        {
            Span<byte> gathered = stackalloc byte[MaxBytes7BitInt64];
            int count = Peek(gathered.Slice(0, maxBytes));
            status = Decode7Bit(gathered.Slice(0, count), maxBytes, out value, out length);
        }

        if (status == Decode7BitStatus.Overlong)
        {
            ThrowHelper.ThrowInvalidDataException_At(Position, $"a 7-bit-encoded integer is longer than {maxBytes} bytes or overflows.");
        }

        return length;
    }

    private readonly int Peek7Bit(int maxBytes, out ulong value)
    {
        int length = TryPeek7Bit(maxBytes, out value);
        if (length == 0)
        {
            ThrowHelper.ThrowEndOfStreamException_Read(Position, Remaining + 1, Remaining);
        }

        return length;
    }

    /// <summary>Decodes a length prefix without consuming it; false if the data ends inside it.</summary>
    private readonly bool TryPeekLength(out int count, out int prefixLength)
    {
        prefixLength = TryPeek7Bit(MaxBytes7BitInt32, out ulong value);
        count = unchecked((int)value);
        if (prefixLength > 0 && count < 0)
        {
            ThrowHelper.ThrowInvalidDataException_At(Position, $"the length prefix {count} is negative.");
        }

        return prefixLength > 0;
    }

    /// <summary>Decodes a length prefix without consuming it; returns the prefix's length.</summary>
    private readonly int PeekLength(out int count)
    {
        if (!TryPeekLength(out count, out int prefixLength))
        {
            ThrowHelper.ThrowEndOfStreamException_Read(Position, Remaining + 1, Remaining);
        }

        return prefixLength;
    }

    /// <summary>Throws unless the <paramref name="count"/> bytes a length prefix announces follow it.</summary>
    private readonly void EnsureRemaining(int prefixLength, int count)
    {
        if (count > Remaining - prefixLength)
        {
            ThrowPrefixBeyondEnd(prefixLength, count);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly void ThrowPrefixBeyondEnd(int prefixLength, int count) =>
        ThrowHelper.ThrowEndOfStreamException(
            $"The length prefix at position {Position} announces {count} byte(s), but only {Remaining - prefixLength} byte(s) follow it.");

    private string ReadStringBody(int prefixLength, int byteCount)
    {
        Advance(prefixLength);
        if (byteCount == 0)
        {
            return string.Empty;
        }

        if (byteCount <= _span.Length)
        {
            string value = Encoding.UTF8.GetString(_span.Slice(0, byteCount));
            _span = _span.Slice(byteCount);
            return value;
        }

        return ReadStringGathered(byteCount);
    }

    /// <summary>Copies a string that straddles segments into one buffer before decoding it.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private string ReadStringGathered(int byteCount)
    {
        if (byteCount <= StackGatherLimit)
        {
            Span<byte> bytes = stackalloc byte[byteCount];
            CopyAcrossSegments(bytes);
            return Encoding.UTF8.GetString(bytes);
        }

        byte[] rented = DefaultPool<byte>.Instance.Rent(byteCount);
        try
        {
            Span<byte> bytes = rented.AsSpan(0, byteCount);
            CopyAcrossSegments(bytes);
            return Encoding.UTF8.GetString(bytes);
        }
        finally
        {
            DefaultPool<byte>.Instance.Return(rented);
        }
    }

    private byte[] ReadBytesBody(int prefixLength, int count)
    {
        Advance(prefixLength);
        if (count == 0)
        {
            return Array.Empty<byte>();
        }

        byte[] bytes = NewUninitializedArray(count);
        ReadRaw(bytes);
        return bytes;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinarySequenceReader TryReadCharSlow(BinarySequenceReader reader, out char value, out bool read)
    {
        Span<byte> gathered = stackalloc byte[4];
        int count = reader.Peek(gathered);
        switch (Utf8Char.Decode(gathered.Slice(0, count), out value, out int consumed))
        {
            case Utf8Char.Status.Done:
                reader.Advance(consumed);
                read = true;
                break;
            case Utf8Char.Status.Supplementary:
                ThrowHelper.ThrowInvalidDataException_At(reader.Position, "a supplementary character does not fit in one char.");
                read = false;
                break;
            default:
                value = default;
                read = false;
                break;
        }

        return reader;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowCharTruncated(BinarySequenceReader reader)
    {
        Span<byte> gathered = stackalloc byte[1];
        int needed = reader.Peek(gathered) == 0 ? 1 : gathered[0] < 0xE0 ? 2 : gathered[0] < 0xF0 ? 3 : 4;
        ThrowHelper.ThrowEndOfStreamException_Read(reader.Position, needed, reader.Remaining);
    }
}

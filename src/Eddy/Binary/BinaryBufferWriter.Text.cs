using System;
using System.Runtime.CompilerServices;
using System.Text;
using Eddy.Internal;

namespace Eddy.Binary;

/// <content>Chars, strings and 7-bit-encoded integers.</content>
public ref partial struct BinaryBufferWriter
{
    /// <summary>Strings up to this many chars take the one-pass path: 3 bytes per char still fits a one-byte prefix.</summary>
    internal const int ShortStringChars = 127 / Utf8Char.MaxBytes;

    /// <summary>Chars encoded per step when a string does not fit the output's span.</summary>
    private const int StringChunkChars = 256;

    /// <summary>
    /// Writes <paramref name="value"/> as UTF-8 (1 to 3 bytes), as <see cref="System.IO.BinaryWriter.Write(char)"/> does.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="value"/> is a surrogate: half a character cannot be
    /// encoded alone (BinaryWriter throws the same).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(char value)
    {
        if (value < 0x80)
        {
            WriteUnmanaged((byte)value);
        }
        else
        {
            this = WriteNonAscii(this, value);
        }
    }

    /// <summary>
    /// Writes the UTF-8 byte count as a 7-bit-encoded integer, then the UTF-8 bytes, as
    /// <see cref="System.IO.BinaryWriter.Write(string)"/> does. Unpaired surrogates become U+FFFD.
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(string value)
    {
        ThrowHelper.ThrowIfNull(value);
        WriteString(value.AsSpan());
    }

    /// <summary>Writes <paramref name="chars"/> as a length-prefixed UTF-8 string, the format of <see cref="Write(string)"/>.</summary>
    /// <param name="chars">The characters to encode.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteString(scoped ReadOnlySpan<char> chars)
    {
        int free = _span.Length - _buffered;
        if (chars.Length <= ShortStringChars && free > chars.Length * Utf8Char.MaxBytes)
        {
            // One pass: encode behind a one-byte prefix, then fill the prefix in.
            int byteCount = Encoding.UTF8.GetBytes(chars, _span.Slice(_buffered + 1));
            _span[_buffered] = (byte)byteCount;
            _buffered += byteCount + 1;
        }
        else
        {
            this = WriteStringSlow(this, chars);
        }
    }

    /// <summary>Writes <paramref name="value"/> in 1 to 5 bytes, 7 bits at a time, as <see cref="System.IO.BinaryWriter.Write7BitEncodedInt"/> does.</summary>
    /// <param name="value">The value; negative values take 5 bytes.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write7BitEncodedInt(int value)
    {
        // Negative values are written as their two's-complement bits, as BinaryWriter does.
        uint remaining = unchecked((uint)value);
        Span<byte> span = _span;
        int buffered = _buffered;
        if (span.Length - buffered >= 5)
        {
            while (remaining > 0x7F)
            {
                span[buffered++] = unchecked((byte)(remaining | 0x80));
                remaining >>= 7;
            }

            span[buffered++] = (byte)remaining;
            _buffered = buffered;
        }
        else
        {
            this = Write7BitSlow(this, (ulong)remaining);
        }
    }

    /// <summary>Writes <paramref name="value"/> in 1 to 10 bytes, 7 bits at a time, as <c>BinaryWriter.Write7BitEncodedInt64</c> does.</summary>
    /// <param name="value">The value; negative values take 10 bytes.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write7BitEncodedInt64(long value) => this = Write7BitSlow(this, unchecked((ulong)value));

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinaryBufferWriter Write7BitSlow(BinaryBufferWriter writer, ulong remaining)
    {
        Span<byte> bytes = stackalloc byte[10];
        int count = 0;
        while (remaining > 0x7F)
        {
            bytes[count++] = unchecked((byte)(remaining | 0x80));
            remaining >>= 7;
        }

        bytes[count++] = (byte)remaining;
        writer.CopyAcrossSpans(bytes.Slice(0, count));
        return writer;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinaryBufferWriter WriteNonAscii(BinaryBufferWriter writer, char value)
    {
        if (char.IsSurrogate(value))
        {
            ThrowHelper.ThrowArgumentException("A surrogate char cannot be written on its own; write the pair as a string.", nameof(value));
        }

        Span<byte> bytes = stackalloc byte[Utf8Char.MaxBytes];
        int count = Utf8Char.Encode(value, bytes);
        writer.CopyAcrossSpans(bytes.Slice(0, count));
        return writer;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinaryBufferWriter WriteStringSlow(BinaryBufferWriter writer, scoped ReadOnlySpan<char> chars)
    {
        int byteCount = Encoding.UTF8.GetByteCount(chars);
        writer.Write7BitEncodedInt(byteCount);
        if (writer._span.Length - writer._buffered < byteCount)
        {
            writer.Acquire(byteCount);
        }

        if (writer._span.Length - writer._buffered >= byteCount)
        {
            writer._buffered += Encoding.UTF8.GetBytes(chars, writer._span.Slice(writer._buffered));
            return writer;
        }

        // The output hands out smaller spans than the string needs: encode in steps that never split a
        // surrogate pair, so the bytes equal those of encoding the whole string at once.
        Span<byte> bytes = stackalloc byte[StringChunkChars * Utf8Char.MaxBytes];
        while (!chars.IsEmpty)
        {
            int take = Math.Min(StringChunkChars, chars.Length);
            if (take < chars.Length && char.IsHighSurrogate(chars[take - 1]))
            {
                take--;
            }

            int count = Encoding.UTF8.GetBytes(chars.Slice(0, take), bytes);
            writer.CopyAcrossSpans(bytes.Slice(0, count));
            chars = chars.Slice(take);
        }

        return writer;
    }
}

using System;
using System.Runtime.CompilerServices;
using System.Text;
using Eddy.Internal;

namespace Eddy.Binary;

/// <content>Chars, strings and 7-bit-encoded integers.</content>
public sealed partial class BinaryBufferWriter
{
    /// <summary>Strings up to this many chars take the one-pass path: 3 bytes per char still fits a one-byte prefix.</summary>
    private const int ShortStringChars = 127 / Utf8Char.MaxBytes;

    /// <summary>Chars encoded per step when a string does not fit the output's memory.</summary>
    private const int StringChunkChars = 256;

    /// <summary>The most bytes a 7-bit-encoded <see cref="int"/> takes.</summary>
    private const int MaxBytes7BitInt32 = 5;

    /// <summary>The most bytes a 7-bit-encoded <see cref="long"/> takes.</summary>
    private const int MaxBytes7BitInt64 = 10;

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
            WriteNonAscii(value);
        }
    }

    /// <summary>
    /// Writes the UTF-8 byte count as a 7-bit-encoded integer, then the UTF-8 bytes, as
    /// <see cref="System.IO.BinaryWriter.Write(string)"/> does. Unpaired surrogates become U+FFFD.
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    public void Write(string value)
    {
        ThrowHelper.ThrowIfNull(value);
        WriteString(value.AsSpan());
    }

    /// <summary>Writes <paramref name="chars"/> as a length-prefixed UTF-8 string, the format of <see cref="Write(string)"/>.</summary>
    /// <param name="chars">The characters to encode.</param>
    public void WriteString(ReadOnlySpan<char> chars)
    {
        int position = _position;
        if (chars.Length <= ShortStringChars && _end - position > chars.Length * Utf8Char.MaxBytes)
        {
            // One pass: encode behind a one-byte prefix, then fill the prefix in.
            byte[] array = _array!;
            int byteCount = Encoding.UTF8.GetBytes(chars, array.AsSpan(position + 1, _end - position - 1));
            array[position] = (byte)byteCount;
            _position = position + 1 + byteCount;
        }
        else
        {
            WriteStringSlow(chars);
        }
    }

    /// <summary>Writes <paramref name="value"/> in 1 to 5 bytes, 7 bits at a time, as <see cref="System.IO.BinaryWriter.Write7BitEncodedInt"/> does.</summary>
    /// <param name="value">The value; negative values take 5 bytes.</param>
    public void Write7BitEncodedInt(int value)
    {
        // Negative values are written as their two's-complement bits, as BinaryWriter does.
        uint remaining = unchecked((uint)value);
        int position = _position;
        if (_end - position >= MaxBytes7BitInt32)
        {
            byte[] array = _array!;
            while (remaining > 0x7F)
            {
                array[position++] = unchecked((byte)(remaining | 0x80));
                remaining >>= 7;
            }

            array[position++] = (byte)remaining;
            _position = position;
        }
        else
        {
            Write7BitSlow(remaining);
        }
    }

    /// <summary>Writes <paramref name="value"/> in 1 to 10 bytes, 7 bits at a time, as <c>BinaryWriter.Write7BitEncodedInt64</c> does.</summary>
    /// <param name="value">The value; negative values take 10 bytes.</param>
    public void Write7BitEncodedInt64(long value) => Write7BitSlow(unchecked((ulong)value));

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Write7BitSlow(ulong remaining)
    {
        Span<byte> bytes = stackalloc byte[MaxBytes7BitInt64];
        int count = 0;
        while (remaining > 0x7F)
        {
            bytes[count++] = unchecked((byte)(remaining | 0x80));
            remaining >>= 7;
        }

        bytes[count++] = (byte)remaining;
        WriteRaw(bytes.Slice(0, count));
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteNonAscii(char value)
    {
        if (char.IsSurrogate(value))
        {
            ThrowHelper.ThrowArgumentException("A surrogate char cannot be written on its own; write the pair as a string.", nameof(value));
        }

        Span<byte> bytes = stackalloc byte[Utf8Char.MaxBytes];
        int count = Utf8Char.Encode(value, bytes);
        WriteRaw(bytes.Slice(0, count));
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteStringSlow(ReadOnlySpan<char> chars)
    {
        int byteCount = Encoding.UTF8.GetByteCount(chars);
        Write7BitEncodedInt(byteCount);
        if (_end - _position < byteCount)
        {
            TryAcquire(byteCount);
        }

        if (_end - _position >= byteCount)
        {
            _position += Encoding.UTF8.GetBytes(chars, _array.AsSpan(_position, _end - _position));
            return;
        }

        // The output hands out less memory than the string needs: encode in steps that never split a
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
            WriteRaw(bytes.Slice(0, count));
            chars = chars.Slice(take);
        }
    }
}

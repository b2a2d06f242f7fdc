using System;

namespace Eddy.Binary;

/// <summary>
/// Encodes and decodes one UTF-16 code unit as UTF-8, the way <see cref="System.IO.BinaryWriter.Write(char)"/>
/// and <see cref="System.IO.BinaryReader.ReadChar"/> store a char with their default encoding.
/// </summary>
internal static class Utf8Char
{
    /// <summary>The most bytes one char takes in UTF-8.</summary>
    public const int MaxBytes = 3;

    /// <summary>What <see cref="Decode"/> found.</summary>
    public enum Status
    {
        /// <summary>A char was decoded, or U+FFFD for an ill-formed sequence (as a replacing decoder does).</summary>
        Done,

        /// <summary>The bytes end in the middle of a sequence.</summary>
        Truncated,

        /// <summary>A well-formed four-byte sequence: a supplementary code point, which no single char holds.</summary>
        Supplementary,
    }

    /// <summary>Encodes a non-surrogate <paramref name="ch"/>; returns the byte count (1 to 3).</summary>
    public static int Encode(char ch, Span<byte> destination)
    {
        if (ch < 0x80)
        {
            destination[0] = (byte)ch;
            return 1;
        }

        if (ch < 0x800)
        {
            destination[1] = (byte)(0x80 | (ch & 0x3F));
            destination[0] = (byte)(0xC0 | (ch >> 6));
            return 2;
        }

        destination[2] = (byte)(0x80 | (ch & 0x3F));
        destination[1] = (byte)(0x80 | ((ch >> 6) & 0x3F));
        destination[0] = (byte)(0xE0 | (ch >> 12));
        return 3;
    }

    /// <summary>
    /// Decodes the char at the start of <paramref name="source"/> (which holds every byte that is left, or at
    /// least four). Ill-formed input decodes to U+FFFD, consuming the maximal ill-formed subpart as the
    /// Unicode standard recommends and <see cref="System.Text.UTF8Encoding"/> does.
    /// </summary>
    public static Status Decode(ReadOnlySpan<byte> source, out char ch, out int consumed)
    {
        ch = '\uFFFD';
        consumed = 0;
        if (source.IsEmpty)
        {
            return Status.Truncated;
        }

        byte lead = source[0];
        consumed = 1;
        if (lead < 0x80)
        {
            ch = (char)lead;
            return Status.Done;
        }

        int length;
        byte secondMin = 0x80, secondMax = 0xBF;
        if (lead < 0xC2)
        {
            return Status.Done; // continuation byte or overlong two-byte lead
        }
        else if (lead < 0xE0)
        {
            length = 2;
        }
        else if (lead < 0xF0)
        {
            length = 3;
            if (lead == 0xE0)
            {
                secondMin = 0xA0; // overlong
            }
            else if (lead == 0xED)
            {
                secondMax = 0x9F; // UTF-16 surrogates
            }
        }
        else if (lead < 0xF5)
        {
            length = 4;
            if (lead == 0xF0)
            {
                secondMin = 0x90; // overlong
            }
            else if (lead == 0xF4)
            {
                secondMax = 0x8F; // beyond U+10FFFF
            }
        }
        else
        {
            return Status.Done;
        }

        int codePoint = lead & (0x7F >> length);
        for (int i = 1; i < length; i++)
        {
            if (i >= source.Length)
            {
                consumed = 0;
                return Status.Truncated;
            }

            byte next = source[i];
            byte min = i == 1 ? secondMin : (byte)0x80;
            byte max = i == 1 ? secondMax : (byte)0xBF;
            if (next < min || next > max)
            {
                consumed = i;
                return Status.Done;
            }

            codePoint = (codePoint << 6) | (next & 0x3F);
        }

        consumed = length;
        if (length == 4)
        {
            return Status.Supplementary;
        }

        ch = (char)codePoint;
        return Status.Done;
    }
}

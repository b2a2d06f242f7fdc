using System;
using Eddy.Internal;

namespace Eddy.Binary;

/// <content>
/// The <c>&lt;&lt;</c> operators: each writes as its <c>Write</c> twin and returns the writer, so writes chain.
/// C# takes no bare shift expression as a statement, so a chain starts with <c>_ =</c> (or is assigned).
/// </content>
public sealed partial class BinaryBufferWriter
{
    /// <summary>Writes one byte, 1 for true and 0 for false.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, bool value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>Writes one byte.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, byte value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>Writes one byte.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, sbyte value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>Writes two bytes, little-endian.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, short value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>Writes two bytes, little-endian.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, ushort value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>Writes four bytes, little-endian.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, int value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>Writes four bytes, little-endian.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, uint value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>Writes eight bytes, little-endian.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, long value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>Writes eight bytes, little-endian.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, ulong value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>Writes the four bytes of the IEEE single, little-endian.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, float value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>Writes the eight bytes of the IEEE double, little-endian.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, double value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>Writes sixteen bytes in <see cref="System.IO.BinaryWriter"/>'s decimal layout.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, decimal value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>Writes the char as UTF-8.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    /// <exception cref="ArgumentException"><paramref name="value"/> is a surrogate.</exception>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, char value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>Writes a 7-bit-encoded UTF-8 byte count, then the UTF-8 bytes.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The string to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, string value)
    {
        writer.Write(value);
        return writer;
    }

    /// <summary>
    /// Writes a 7-bit-encoded length, then the bytes, as <see cref="WriteBytes"/> does (unlike
    /// <see cref="System.IO.BinaryWriter.Write(byte[])"/>, which writes no length).
    /// </summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The bytes to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null (a null array is no empty one).</exception>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, byte[] value)
    {
        ThrowHelper.ThrowIfNull(value);
        writer.WriteBytes(value);
        return writer;
    }

    /// <summary>Writes a 7-bit-encoded length, then the bytes, as <see cref="WriteBytes"/> does.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The bytes to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, ReadOnlySpan<byte> value)
    {
        writer.WriteBytes(value);
        return writer;
    }
}

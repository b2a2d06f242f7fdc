using System;
using System.Buffers;
using Eddy.Internal;

namespace Eddy.Binary;

/// <summary>
/// C# 14 extension operators that put <c>&lt;&lt;</c> on every <see cref="IBufferWriter{T}"/> of bytes
/// (<see cref="Eddy.Buffers.SegmentedBuffer{T}"/>, <see cref="ArrayBufferWriter{T}"/>, a pipe's writer), as in
/// chunkstream's style: <c>_ = buffer &lt;&lt; 23.2f &lt;&lt; 'C' &lt;&lt; "temperature";</c>
/// </summary>
/// <remarks>
/// Each operator writes one value in <see cref="BinaryBufferWriter"/>'s format and advances the output at
/// once, so there is nothing to flush; the price is a <c>GetSpan</c> and an <c>Advance</c> per value. For
/// many values in a loop, <see cref="BinaryBufferWriter"/> (batched, fastest) or <see cref="BinaryChainWriter"/>
/// (batched, chainable) are faster. Callers on C# 13 or older see these as plain static methods.
/// </remarks>
public static class BufferWriterShiftOperators
{
    extension(IBufferWriter<byte>)
    {
        /// <summary>Writes one byte, 1 for true and 0 for false, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, bool value) => WriteOne(output, value);

        /// <summary>Writes one byte, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, byte value) => WriteOne(output, value);

        /// <summary>Writes one byte, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, sbyte value) => WriteOne(output, value);

        /// <summary>Writes two bytes, little-endian, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, short value) => WriteOne(output, value);

        /// <summary>Writes two bytes, little-endian, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, ushort value) => WriteOne(output, value);

        /// <summary>Writes four bytes, little-endian, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, int value) => WriteOne(output, value);

        /// <summary>Writes four bytes, little-endian, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, uint value) => WriteOne(output, value);

        /// <summary>Writes eight bytes, little-endian, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, long value) => WriteOne(output, value);

        /// <summary>Writes eight bytes, little-endian, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, ulong value) => WriteOne(output, value);

#if NET
        /// <summary>Writes the two bytes of the IEEE half, little-endian, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, Half value) => WriteOne(output, value);
#endif

        /// <summary>Writes the four bytes of the IEEE single, little-endian, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, float value) => WriteOne(output, value);

        /// <summary>Writes the eight bytes of the IEEE double, little-endian, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, double value) => WriteOne(output, value);

        /// <summary>Writes sixteen bytes in <see cref="System.IO.BinaryWriter"/>'s decimal layout, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, decimal value) => WriteOne(output, value);

        /// <summary>Writes the char as UTF-8; a lone surrogate throws <see cref="ArgumentException"/>, and advances <paramref name="output"/> past it.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The value to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, char value) => WriteOne(output, value);
        /// <summary>Writes a 7-bit-encoded UTF-8 byte count and the UTF-8 bytes, and advances <paramref name="output"/> past them.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The string to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, string value)
        {
            ThrowHelper.ThrowIfNull(value);
            var writer = new BinaryBufferWriter(output);
            writer.Write(value);
            writer.Flush();
            return output;
        }

        /// <summary>Writes a 7-bit-encoded length and the bytes, and advances <paramref name="output"/> past them.</summary>
        /// <param name="output">Where the bytes go.</param>
        /// <param name="value">The bytes to write.</param>
        /// <returns><paramref name="output"/>, for the next <c>&lt;&lt;</c>.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
        public static IBufferWriter<byte> operator <<(IBufferWriter<byte> output, byte[] value)
        {
            ThrowHelper.ThrowIfNull(value);
            var writer = new BinaryBufferWriter(output);
            writer.WriteBytes(value);
            writer.Flush();
            return output;
        }
    }

    private static IBufferWriter<byte> WriteOne<T>(IBufferWriter<byte> output, T value)
        where T : unmanaged
    {
        var writer = new BinaryBufferWriter(output);
        writer.Write(value);
        writer.Flush();
        return output;
    }
}

using System;
using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using Eddy.Internal;

namespace Eddy.Binary;

/// <summary>
/// A binary writer object for <c>&lt;&lt;</c> chaining, as in
/// <c>_ = writer &lt;&lt; 23.2f &lt;&lt; 'C' &lt;&lt; "temperature";</c>, writing the same bytes as
/// <see cref="BinaryBufferWriter"/> (and <see cref="System.IO.BinaryWriter"/>) into any <see cref="IBufferWriter{T}"/>.
/// </summary>
/// <remarks>
/// <para>C# does not accept a bare shift expression as a statement, so a chain starts with <c>_ =</c> (or is
/// assigned). Every operator has a <c>Write</c> method twin that returns the writer too.</para>
/// <para>Unlike the <c>ref struct</c> <see cref="BinaryBufferWriter"/>, this is a class: it can live in a field,
/// cross <c>await</c>, and be chained. Its fast path writes into the array behind the output's memory; an
/// output whose memory is not array-backed still works, through the slower path. Call <see cref="Flush"/>
/// (or <see cref="Dispose"/>) when done so that the output is advanced past the last values.</para>
/// </remarks>
public sealed class BinaryChainWriter : IDisposable
{
    private readonly IBufferWriter<byte> _output;

    // The array behind the output's current memory, and the window of it this writer may fill:
    // [_start, _position) is written but not advanced, [_position, _end) is free. When no array is held,
    // _array is null and _position == _end, so every fast-path size check fails.
    private byte[]? _array;
    private int _start;
    private int _position;
    private int _end;
    private long _committed;

    /// <summary>Creates a writer that appends to <paramref name="output"/>.</summary>
    /// <param name="output">Where the bytes go.</param>
    /// <exception cref="ArgumentNullException"><paramref name="output"/> is null.</exception>
    public BinaryChainWriter(IBufferWriter<byte> output)
    {
        ThrowHelper.ThrowIfNull(output);
        _output = output;
    }

    /// <summary>The bytes written through this writer so far, flushed or not.</summary>
    public long BytesWritten => _committed + (_position - _start);

    /// <summary>Writes one byte, 1 for true and 0 for false.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, bool value) => writer.Write(value);

    /// <summary>Writes one byte.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, byte value) => writer.Write(value);

    /// <summary>Writes one byte.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, sbyte value) => writer.Write(value);

    /// <summary>Writes two bytes, little-endian.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, short value) => writer.Write(value);

    /// <summary>Writes two bytes, little-endian.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, ushort value) => writer.Write(value);

    /// <summary>Writes four bytes, little-endian.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, int value) => writer.Write(value);

    /// <summary>Writes four bytes, little-endian.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, uint value) => writer.Write(value);

    /// <summary>Writes eight bytes, little-endian.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, long value) => writer.Write(value);

    /// <summary>Writes eight bytes, little-endian.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, ulong value) => writer.Write(value);

#if NET
    /// <summary>Writes the two bytes of the IEEE half, little-endian.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, Half value) => writer.Write(value);
#endif

    /// <summary>Writes the four bytes of the IEEE single, little-endian.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, float value) => writer.Write(value);

    /// <summary>Writes the eight bytes of the IEEE double, little-endian.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, double value) => writer.Write(value);

    /// <summary>Writes sixteen bytes in <see cref="System.IO.BinaryWriter"/>'s decimal layout.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, decimal value) => writer.Write(value);

    /// <summary>Writes the char as UTF-8; a lone surrogate throws <see cref="ArgumentException"/>.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, char value) => writer.Write(value);

    /// <summary>Writes a 7-bit-encoded UTF-8 byte count, then the UTF-8 bytes.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, string value) => writer.Write(value);

    /// <summary>Writes a 7-bit-encoded length, then the bytes (unlike <see cref="System.IO.BinaryWriter.Write(byte[])"/>, which writes no length).</summary>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, byte[] value)
    {
        ThrowHelper.ThrowIfNull(value);
        return writer.WriteBytes(value);
    }

    /// <summary>Writes a 7-bit-encoded length, then the bytes.</summary>
    public static BinaryChainWriter operator <<(BinaryChainWriter writer, ReadOnlySpan<byte> value) => writer.WriteBytes(value);

    /// <summary>Writes one byte, 1 for true and 0 for false.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write(bool value) => WriteUnmanaged((byte)(value ? 1 : 0));

    /// <summary>Writes one byte.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write(byte value) => WriteUnmanaged(value);

    /// <summary>Writes one byte.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write(sbyte value) => WriteUnmanaged(value);

    /// <summary>Writes two bytes, little-endian.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write(short value) => WriteUnmanaged(value);

    /// <summary>Writes two bytes, little-endian.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write(ushort value) => WriteUnmanaged(value);

    /// <summary>Writes four bytes, little-endian.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write(int value) => WriteUnmanaged(value);

    /// <summary>Writes four bytes, little-endian.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write(uint value) => WriteUnmanaged(value);

    /// <summary>Writes eight bytes, little-endian.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write(long value) => WriteUnmanaged(value);

    /// <summary>Writes eight bytes, little-endian.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write(ulong value) => WriteUnmanaged(value);

#if NET
    /// <summary>Writes the two bytes of the IEEE half, little-endian.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write(Half value) => WriteUnmanaged(value);
#endif

    /// <summary>Writes the four bytes of the IEEE single, little-endian.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write(float value) => WriteUnmanaged(value);

    /// <summary>Writes the eight bytes of the IEEE double, little-endian.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write(double value) => WriteUnmanaged(value);

    /// <summary>Writes sixteen bytes in <see cref="System.IO.BinaryWriter"/>'s decimal layout (see <see cref="BinaryBufferWriter.Write(decimal)"/>).</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write(decimal value)
    {
        return WriteUnmanaged(DecimalBits.From(value).Normalize());
    }

    /// <summary>Writes <paramref name="value"/> as UTF-8, as <see cref="BinaryBufferWriter.Write(char)"/> does.</summary>
    /// <returns>This writer.</returns>
    /// <exception cref="ArgumentException"><paramref name="value"/> is a surrogate.</exception>
    public BinaryChainWriter Write(char value)
    {
        if (value < 0x80)
        {
            return WriteUnmanaged((byte)value);
        }

        BinaryBufferWriter writer = BeginSlowWrite();
        writer.Write(value);
        EndSlowWrite(ref writer);
        return this;
    }

    /// <summary>Writes a length-prefixed UTF-8 string, as <see cref="BinaryBufferWriter.Write(string)"/> does.</summary>
    /// <returns>This writer.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    public BinaryChainWriter Write(string value)
    {
        ThrowHelper.ThrowIfNull(value);
        int position = _position;
        if (value.Length <= BinaryBufferWriter.ShortStringChars && _end - position > value.Length * Utf8Char.MaxBytes)
        {
            Debug.Assert(_array is not null);
            int byteCount = Encoding.UTF8.GetBytes(value.AsSpan(), _array.AsSpan(position + 1, _end - position - 1));
            _array[position] = (byte)byteCount;
            _position = position + 1 + byteCount;
            return this;
        }

        BinaryBufferWriter writer = BeginSlowWrite();
        writer.Write(value);
        EndSlowWrite(ref writer);
        return this;
    }

    /// <summary>Writes any unmanaged value, as <see cref="BinaryBufferWriter.Write{T}(T)"/> does.</summary>
    /// <typeparam name="T">The value's type.</typeparam>
    /// <param name="value">The value to write.</param>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write<T>(T value)
        where T : unmanaged
    {
        if (typeof(T) == typeof(bool) || typeof(T) == typeof(char) || typeof(T) == typeof(decimal))
        {
            BinaryBufferWriter writer = BeginSlowWrite();
            writer.Write(value);
            EndSlowWrite(ref writer);
            return this;
        }

        return WriteUnmanaged(value);
    }

    /// <summary>Writes a 7-bit-encoded length, then <paramref name="bytes"/>.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter WriteBytes(ReadOnlySpan<byte> bytes)
    {
        BinaryBufferWriter writer = BeginSlowWrite();
        writer.WriteBytes(bytes);
        EndSlowWrite(ref writer);
        return this;
    }

    /// <summary>Writes <paramref name="bytes"/> as they are, with no length prefix.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter WriteRaw(ReadOnlySpan<byte> bytes)
    {
        BinaryBufferWriter writer = BeginSlowWrite();
        writer.WriteRaw(bytes);
        EndSlowWrite(ref writer);
        return this;
    }

    /// <summary>Writes every element of <paramref name="values"/>, as <see cref="BinaryBufferWriter.WriteSpan{T}"/> does.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter WriteSpan<T>(ReadOnlySpan<T> values)
        where T : unmanaged
    {
        BinaryBufferWriter writer = BeginSlowWrite();
        writer.WriteSpan(values);
        EndSlowWrite(ref writer);
        return this;
    }

    /// <summary>Writes <paramref name="value"/> 7 bits at a time, as <see cref="System.IO.BinaryWriter.Write7BitEncodedInt"/> does.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write7BitEncodedInt(int value)
    {
        BinaryBufferWriter writer = BeginSlowWrite();
        writer.Write7BitEncodedInt(value);
        EndSlowWrite(ref writer);
        return this;
    }

    /// <summary>Writes <paramref name="value"/> 7 bits at a time, as <c>BinaryWriter.Write7BitEncodedInt64</c> does.</summary>
    /// <returns>This writer.</returns>
    public BinaryChainWriter Write7BitEncodedInt64(long value)
    {
        BinaryBufferWriter writer = BeginSlowWrite();
        writer.Write7BitEncodedInt64(value);
        EndSlowWrite(ref writer);
        return this;
    }

    /// <summary>Advances the output past everything written so far.</summary>
    public void Flush()
    {
        int pending = _position - _start;
        if (pending > 0)
        {
            _output.Advance(pending);
            _committed += pending;
        }

        // The output's memory is no longer ours once advanced.
        _array = null;
        _start = _position = _end = 0;
    }

    /// <summary>Same as <see cref="Flush"/>.</summary>
    public void Dispose() => Flush();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private unsafe BinaryChainWriter WriteUnmanaged<T>(T value)
        where T : unmanaged
    {
        int position = _position;
        if (_end - position >= sizeof(T))
        {
            LittleEndian.Write(_array!, position, value);
            _position = position + sizeof(T);
            return this;
        }

        return WriteUnmanagedSlow(value);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private unsafe BinaryChainWriter WriteUnmanagedSlow<T>(T value)
        where T : unmanaged
    {
        Flush();
        Memory<byte> memory = _output.GetMemory(sizeof(T));
        if (memory.Length >= sizeof(T) && MemoryMarshal.TryGetArray(memory, out ArraySegment<byte> segment))
        {
            _array = segment.Array!;
            _start = segment.Offset;
            _position = segment.Offset + sizeof(T);
            _end = segment.Offset + segment.Count;
            LittleEndian.Write(_array, _start, value);
            return this;
        }

        // Not array-backed, or smaller than the value: the span writer copes with both.
        BinaryBufferWriter writer = BeginSlowWrite();
        writer.Write(value);
        EndSlowWrite(ref writer);
        return this;
    }

    private BinaryBufferWriter BeginSlowWrite()
    {
        Flush();
        return new BinaryBufferWriter(_output);
    }

    private void EndSlowWrite(ref BinaryBufferWriter writer)
    {
        writer.Flush();
        _committed += writer.BytesWritten;
    }
}

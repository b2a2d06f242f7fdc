using System;
using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Eddy.Internal;

namespace Eddy.Binary;

/// <summary>
/// Writes primitives, strings and spans as little-endian bytes into any <see cref="IBufferWriter{T}"/>, in the
/// format of <see cref="System.IO.BinaryWriter"/>, by <c>Write</c> methods or chained <c>&lt;&lt;</c> operators:
/// <c>_ = writer &lt;&lt; 23.2f &lt;&lt; 'C' &lt;&lt; "temperature";</c>
/// </summary>
/// <remarks>
/// <para>The writer fills the output's memory and advances the output in batches: call <see cref="Flush"/> (or
/// <see cref="Dispose"/>) when done, or the last bytes are written but not advanced. Being a class, it can
/// live in a field and cross <c>await</c>; it is not thread-safe.</para>
/// <para>Its fast path writes into the array behind the output's <see cref="Memory{T}"/>. An output whose
/// memory is not array-backed still works, advanced value by value. Values may straddle the output's chunks:
/// the writer never relies on <see cref="IBufferWriter{T}.GetMemory"/> honouring its size hint.</para>
/// </remarks>
[DebuggerDisplay("BytesWritten = {BytesWritten}, BytesPending = {BytesPending}")]
public sealed partial class BinaryBufferWriter : IDisposable
{
    /// <summary>The largest size hint passed to the output, so that one big value does not demand one big chunk.</summary>
    private const int MaxSizeHint = 64 * 1024;

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
    public BinaryBufferWriter(IBufferWriter<byte> output)
    {
        ThrowHelper.ThrowIfNull(output);
        _output = output;
    }

    /// <summary>The bytes written through this writer so far, flushed or not.</summary>
    public long BytesWritten => _committed + (_position - _start);

    /// <summary>The bytes written but not yet advanced in the output; <see cref="Flush"/> advances them (shown in the debugger).</summary>
    internal int BytesPending => _position - _start;

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

    /// <summary>Same as <see cref="Flush"/>; lets <c>using</c> flush the writer.</summary>
    public void Dispose() => Flush();

    /// <summary>Writes one byte, 1 for true and 0 for false.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(bool value) => WriteUnmanaged((byte)(value ? 1 : 0));

    /// <summary>Writes one byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(byte value) => WriteUnmanaged(value);

    /// <summary>Writes one byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(sbyte value) => WriteUnmanaged(value);

    /// <summary>Writes two bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(short value) => WriteUnmanaged(value);

    /// <summary>Writes two bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ushort value) => WriteUnmanaged(value);

    /// <summary>Writes four bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(int value) => WriteUnmanaged(value);

    /// <summary>Writes four bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(uint value) => WriteUnmanaged(value);

    /// <summary>Writes eight bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(long value) => WriteUnmanaged(value);

    /// <summary>Writes eight bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ulong value) => WriteUnmanaged(value);

    /// <summary>Writes the four bytes of the IEEE single, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(float value) => WriteUnmanaged(value);

    /// <summary>Writes the eight bytes of the IEEE double, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(double value) => WriteUnmanaged(value);

    /// <summary>
    /// Writes sixteen bytes as <see cref="System.IO.BinaryWriter"/> does: the low, middle and high 32 bits of
    /// the coefficient, then the sign-and-scale flags, each little-endian.
    /// </summary>
    public void Write(decimal value)
    {
        // Normalize swaps each part; writing the struct as a whole then swaps nothing (it is not a scalar).
        WriteUnmanaged(DecimalBits.From(value).Normalize());
    }

    /// <summary>
    /// Writes any unmanaged value as its bytes, little-endian for scalars. <see cref="bool"/>,
    /// <see cref="char"/> and <see cref="decimal"/> are written as their <c>Write</c> overloads write them
    /// (one byte; UTF-8; BinaryWriter's layout), so <c>Write&lt;T&gt;(x)</c> and <c>Write(x)</c> always agree.
    /// A composite struct is written in its in-memory layout, which is little-endian only on little-endian machines.
    /// </summary>
    /// <typeparam name="T">The value's type.</typeparam>
    /// <param name="value">The value to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write<T>(T value)
        where T : unmanaged
    {
        if (typeof(T) == typeof(bool))
        {
            Write(LittleEndian.As<T, bool>(value));
        }
        else if (typeof(T) == typeof(char))
        {
            Write(LittleEndian.As<T, char>(value));
        }
        else if (typeof(T) == typeof(decimal))
        {
            Write(LittleEndian.As<T, decimal>(value));
        }
        else
        {
            WriteUnmanaged(value);
        }
    }

    /// <summary>
    /// Writes every element of <paramref name="values"/> as <see cref="Write{T}(T)"/> would, with no length
    /// prefix; plain scalars and structs are copied in one block.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="values">The values to write.</param>
    public void WriteSpan<T>(ReadOnlySpan<T> values)
        where T : unmanaged
    {
        if (typeof(T) == typeof(bool) || typeof(T) == typeof(char) || typeof(T) == typeof(decimal) || !BitConverter.IsLittleEndian)
        {
            foreach (T value in values)
            {
                Write(value);
            }
        }
        else
        {
            WriteRaw(MemoryMarshal.AsBytes(values));
        }
    }

    /// <summary>Writes <paramref name="bytes"/> as they are, with no length prefix.</summary>
    /// <param name="bytes">The bytes to copy.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteRaw(ReadOnlySpan<byte> bytes)
    {
        int position = _position;
        if (bytes.Length <= _end - position)
        {
            BlockCopy.Copy(bytes, _array.AsSpan(position));
            _position = position + bytes.Length;
        }
        else
        {
            WriteRawSlow(bytes);
        }
    }

    /// <summary>Writes a 7-bit-encoded length, then <paramref name="bytes"/> (the format <see cref="BinarySequenceReader.ReadBytes"/> reads).</summary>
    /// <param name="bytes">The bytes to copy.</param>
    public void WriteBytes(ReadOnlySpan<byte> bytes)
    {
        Write7BitEncodedInt(bytes.Length);
        WriteRaw(bytes);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private unsafe void WriteUnmanaged<T>(T value)
        where T : unmanaged
    {
        int position = _position;
        if (_end - position >= sizeof(T))
        {
            LittleEndian.Write(_array!, position, value);
            _position = position + sizeof(T);
        }
        else
        {
            WriteUnmanagedSlow(value);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private unsafe void WriteUnmanagedSlow<T>(T value)
        where T : unmanaged
    {
        if (TryAcquire(sizeof(T)) && _end - _position >= sizeof(T))
        {
            LittleEndian.Write(_array!, _position, value);
            _position += sizeof(T);
            return;
        }

        // The output's memory is smaller than the value, or not array-backed.
        value = LittleEndian.Normalize(value);
        WriteRawSlow(MemoryMarshal.AsBytes(MemoryMarshal.CreateReadOnlySpan(ref value, 1)));
    }

    /// <summary>Copies <paramref name="bytes"/> across as many output memories as it takes (slow paths only).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteRawSlow(scoped ReadOnlySpan<byte> bytes)
    {
        while (true)
        {
            int take = Math.Min(_end - _position, bytes.Length);
            if (take > 0)
            {
                BlockCopy.Copy(bytes.Slice(0, take), _array.AsSpan(_position));
                _position += take;
                bytes = bytes.Slice(take);
            }

            if (bytes.IsEmpty)
            {
                return;
            }

            if (!TryAcquire(bytes.Length))
            {
                // Not array-backed: copy into the output's span and advance it at once.
                Span<byte> span = _output.GetSpan(Math.Min(bytes.Length, MaxSizeHint));
                take = Math.Min(span.Length, bytes.Length);
                BlockCopy.Copy(bytes.Slice(0, take), span);
                _output.Advance(take);
                _committed += take;
                bytes = bytes.Slice(take);
                if (bytes.IsEmpty)
                {
                    return;
                }
            }
        }
    }

    /// <summary>
    /// Advances what is pending and asks the output for memory of about <paramref name="sizeHint"/> bytes;
    /// false, holding no window, if that memory is not array-backed.
    /// </summary>
    private bool TryAcquire(int sizeHint)
    {
        Flush();
        Memory<byte> memory = _output.GetMemory(Math.Min(sizeHint, MaxSizeHint));
        if (memory.IsEmpty)
        {
            ThrowHelper.ThrowInvalidOperationException("The IBufferWriter<byte> returned empty memory.");
        }

        if (!MemoryMarshal.TryGetArray(memory, out ArraySegment<byte> segment))
        {
            return false;
        }

        _array = segment.Array;
        _start = _position = segment.Offset;
        _end = segment.Offset + segment.Count;
        return true;
    }
}

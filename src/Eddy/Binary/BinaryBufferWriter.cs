using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Eddy.Internal;

namespace Eddy.Binary;

/// <summary>
/// Writes primitives, strings and spans as little-endian bytes into any <see cref="IBufferWriter{T}"/>,
/// in the format of <see cref="System.IO.BinaryWriter"/>. The fastest writer in Eddy: it keeps the span it
/// got from the output and advances the output in batches.
/// </summary>
/// <remarks>
/// <para>Call <see cref="Flush"/> (or <see cref="Dispose"/>) when done: until then the last bytes are written
/// into the output's memory but not yet advanced. Being a <c>ref struct</c>, it lives on the stack; pass it
/// by <c>ref</c>, never by value, or the copy's progress is lost. For <c>&lt;&lt;</c> chaining and for keeping
/// a writer in a field use <see cref="BinaryChainWriter"/>.</para>
/// <para>Values may straddle chunk boundaries: the writer never relies on <see cref="IBufferWriter{T}.GetSpan"/>
/// honouring its size hint.</para>
/// </remarks>
public ref partial struct BinaryBufferWriter
{
    /// <summary>The largest size hint passed to the output, so that one big value does not demand one big chunk.</summary>
    private const int MaxSizeHint = 64 * 1024;

    private readonly IBufferWriter<byte> _output;
    private Span<byte> _span;
    private int _buffered;
    private long _committed;

    /// <summary>Creates a writer that appends to <paramref name="output"/>.</summary>
    /// <param name="output">Where the bytes go.</param>
    /// <exception cref="ArgumentNullException"><paramref name="output"/> is null.</exception>
    public BinaryBufferWriter(IBufferWriter<byte> output)
    {
        ThrowHelper.ThrowIfNull(output);
        _output = output;
        _span = default;
        _buffered = 0;
        _committed = 0;
    }

    /// <summary>The bytes written through this writer so far, flushed or not.</summary>
    public readonly long BytesWritten => _committed + _buffered;

    /// <summary>The bytes written but not yet advanced in the output; <see cref="Flush"/> advances them.</summary>
    public readonly int BytesPending => _buffered;

    /// <summary>Advances the output past everything written so far.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Flush()
    {
        if (_buffered > 0)
        {
            _output.Advance(_buffered);
            _committed += _buffered;
        }

        _buffered = 0;
        _span = default;
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

#if NET
    /// <summary>Writes the two bytes of the IEEE half, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(Half value) => WriteUnmanaged(value);
#endif

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
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteSpan<T>(scoped ReadOnlySpan<T> values)
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
    public void WriteRaw(scoped ReadOnlySpan<byte> bytes)
    {
        int free = _span.Length - _buffered;
        if (bytes.Length <= free)
        {
            BlockCopy.Copy(bytes, _span.Slice(_buffered));
            _buffered += bytes.Length;
        }
        else
        {
            this = WriteRawSlow(this, bytes);
        }
    }

    /// <summary>Writes a 7-bit-encoded length, then <paramref name="bytes"/> (the format <see cref="BinarySequenceReader.ReadBytes"/> reads).</summary>
    /// <param name="bytes">The bytes to copy.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteBytes(scoped ReadOnlySpan<byte> bytes)
    {
        Write7BitEncodedInt(bytes.Length);
        WriteRaw(bytes);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private unsafe void WriteUnmanaged<T>(T value)
        where T : unmanaged
    {
        Span<byte> span = _span;
        int buffered = _buffered;
        if (span.Length - buffered >= sizeof(T))
        {
            LittleEndian.Write(span, buffered, value);
            _buffered = buffered + sizeof(T);
        }
        else
        {
            this = WriteUnmanagedSlow(this, value);
        }
    }

    // Slow paths are static and take and return the writer by value (this = Slow(this, ...)): a call that
    // received the caller's writer by reference would force that local into memory for the whole calling
    // method, and every fast-path write would then load and store its fields instead of keeping them in
    // registers (measured: about 1.4x slower per Int64). Public methods are inlined wrappers for the same reason.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static unsafe BinaryBufferWriter WriteUnmanagedSlow<T>(BinaryBufferWriter writer, T value)
        where T : unmanaged
    {
        writer.Acquire(sizeof(T));
        if (writer._span.Length - writer._buffered >= sizeof(T))
        {
            LittleEndian.Write(writer._span, writer._buffered, value);
            writer._buffered += sizeof(T);
        }
        else
        {
            value = LittleEndian.Normalize(value);
            writer.CopyAcrossSpans(MemoryMarshal.AsBytes(MemoryMarshal.CreateReadOnlySpan(ref value, 1)));
        }

        return writer;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BinaryBufferWriter WriteRawSlow(BinaryBufferWriter writer, scoped ReadOnlySpan<byte> bytes)
    {
        writer.CopyAcrossSpans(bytes);
        return writer;
    }

    /// <summary>Copies <paramref name="bytes"/> across as many output spans as it takes (slow paths only).</summary>
    private void CopyAcrossSpans(scoped ReadOnlySpan<byte> bytes)
    {
        while (true)
        {
            int free = _span.Length - _buffered;
            if (bytes.Length <= free)
            {
                BlockCopy.Copy(bytes, _span.Slice(_buffered));
                _buffered += bytes.Length;
                return;
            }

            BlockCopy.Copy(bytes.Slice(0, free), _span.Slice(_buffered));
            _buffered += free;
            bytes = bytes.Slice(free);
            Acquire(bytes.Length);
        }
    }

    /// <summary>Advances what is pending and asks the output for a new span of about <paramref name="sizeHint"/> bytes.</summary>
    private void Acquire(int sizeHint)
    {
        Flush();
        _span = _output.GetSpan(Math.Min(sizeHint, MaxSizeHint));
        if (_span.IsEmpty)
        {
            ThrowHelper.ThrowInvalidOperationException("The IBufferWriter<byte> returned an empty span.");
        }
    }
}

using System;
using System.Buffers;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Text;
using Eddy.Binary;
using Eddy.Buffers;
using Eddy.Tests.Binary.Infrastructure;

namespace Eddy.Tests.Binary;

public class BinaryBufferWriterTests
{
    [StructLayout(LayoutKind.Sequential, Pack = 1)]
    private struct Reading
    {
        public int Sensor;
        public double Value;
        public short Unit;
    }

    [Fact]
    public void Constructor_rejects_null_output() =>
        Assert.Throws<ArgumentNullException>(() => new BinaryBufferWriter(null!));

    [Fact]
    public void Pending_and_written_counts_start_where_the_outputs_memory_starts()
    {
        // After a flush, ArrayBufferWriter hands out memory that starts inside its array, not at index 0.
        var output = new ArrayBufferWriter<byte>();
        var writer = new BinaryBufferWriter(output);
        writer.Write(7);
        writer.Flush();

        writer.Write(8L);

        Assert.Equal(8, writer.BytesPending);
        Assert.Equal(12, writer.BytesWritten);
        writer.Flush();
        Assert.Equal(12, output.WrittenCount);
        Assert.Equal(8L, BitConverter.ToInt64(output.WrittenSpan.Slice(4)));
    }

    [Fact]
    public void Writes_stay_pending_until_Flush_and_are_advanced_in_one_batch()
    {
        var counting = new CountingBufferWriter();
        var writer = new BinaryBufferWriter(counting);
        for (int i = 0; i < 100; i++)
        {
            writer.Write((long)i);
        }

        Assert.Equal(0, counting.Inner.WrittenCount);
        Assert.Equal(800, writer.BytesPending);
        Assert.Equal(800, writer.BytesWritten);

        writer.Flush();

        Assert.Equal(1, counting.AdvanceCalls);
        Assert.Equal(800, counting.Inner.WrittenCount);
        Assert.Equal(0, writer.BytesPending);
        Assert.Equal(800, writer.BytesWritten);
        Assert.Equal(99L, BitConverter.ToInt64(counting.Inner.WrittenSpan.Slice(792)));
    }

    [Fact]
    public void Using_declaration_flushes_what_the_variable_wrote()
    {
        var output = new ArrayBufferWriter<byte>();
        {
            using var writer = new BinaryBufferWriter(output);
            writer.Write(42);
            writer.Write("hi");
        }

        Assert.Equal(new byte[] { 42, 0, 0, 0, 2, (byte)'h', (byte)'i' }, output.WrittenSpan.ToArray());
    }

    [Fact]
    public void Write_char_rejects_a_lone_surrogate_like_BinaryWriter()
    {
        var writer = new BinaryBufferWriter(new ArrayBufferWriter<byte>());
        var bcl = new BinaryWriter(new MemoryStream(), Encoding.UTF8);

        Assert.Throws<ArgumentException>(() => bcl.Write('\uD800'));
        ArgumentException e = Assert.Throws<ArgumentException>("value", () => writer.Write('\uD800'));
        Assert.StartsWith("A surrogate char cannot be written on its own; write the pair as a string.", e.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentException>(() => writer << '\uDC00');

        Assert.Equal(0, writer.BytesWritten);
    }

    [Fact]
    public void Null_strings_and_arrays_are_rejected_before_writing()
    {
        var writer = new BinaryBufferWriter(new ArrayBufferWriter<byte>());
        Assert.Throws<ArgumentNullException>(() => writer.Write((string)null!));
        Assert.Throws<ArgumentNullException>(() => writer << (string)null!);
        Assert.Throws<ArgumentNullException>(() => writer << (byte[])null!);
        Assert.Equal(0, writer.BytesWritten);
    }

    [Fact]
    public void WriteString_of_a_span_matches_Write_of_the_string()
    {
        const string text = "naïve 😀 text";
        var viaString = new ArrayBufferWriter<byte>();
        var viaSpan = new ArrayBufferWriter<byte>();
        var a = new BinaryBufferWriter(viaString);
        a.Write(text);
        a.Flush();
        var b = new BinaryBufferWriter(viaSpan);
        b.WriteString(text.AsSpan());
        b.Flush();

        Assert.Equal(viaString.WrittenSpan.ToArray(), viaSpan.WrittenSpan.ToArray());
    }

    [Fact]
    public void An_output_that_returns_empty_memory_is_reported()
    {
        var writer = new BinaryBufferWriter(new EmptySpanBufferWriter());
        InvalidOperationException e = Assert.Throws<InvalidOperationException>(() => writer.Write(1L));
        Assert.Contains("empty memory", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void WriteRaw_and_WriteSpan_write_no_prefix()
    {
        var output = new TinySpanBufferWriter(seed: 3);
        var writer = new BinaryBufferWriter(output);
        writer.WriteRaw(new byte[] { 1, 2, 3 });
        writer.WriteSpan<ushort>(new ushort[] { 0x0504, 0x0706 });
        writer.Flush();

        Assert.Equal(new byte[] { 1, 2, 3, 4, 5, 6, 7 }, output.WrittenBytes);
    }

    [Fact]
    public void WriteSpan_of_chars_decimals_and_bools_writes_each_as_its_overload_does()
    {
        var bySpan = new ArrayBufferWriter<byte>();
        var byOne = new ArrayBufferWriter<byte>();
        var a = new BinaryBufferWriter(bySpan);
        a.WriteSpan<char>("é€a".AsSpan());
        a.WriteSpan<decimal>(new[] { 1.5m, -2m });
        a.WriteSpan<bool>(new[] { true, false });
        a.Flush();
        var b = new BinaryBufferWriter(byOne);
        b.Write('é');
        b.Write('€');
        b.Write('a');
        b.Write(1.5m);
        b.Write(-2m);
        b.Write(true);
        b.Write(false);
        b.Flush();

        Assert.Equal(byOne.WrittenSpan.ToArray(), bySpan.WrittenSpan.ToArray());

        var reader = new BinarySequenceReader(TinySegments.Split(bySpan.WrittenSpan, seed: 7, maxSegment: 2));
        var chars = new char[3];
        var decimals = new decimal[2];
        var bools = new bool[2];
        reader.ReadSpan<char>(chars);
        reader.ReadSpan<decimal>(decimals);
        reader.ReadSpan<bool>(bools);
        Assert.Equal("é€a", new string(chars));
        Assert.Equal(new[] { 1.5m, -2m }, decimals);
        Assert.Equal(new[] { true, false }, bools);
        Assert.True(reader.End);
    }

    [Fact]
    public void A_struct_round_trips_through_Write_and_Read_across_tiny_chunks()
    {
        var reading = new Reading { Sensor = 7, Value = 23.2, Unit = -3 };
        var output = new TinySpanBufferWriter(seed: 5, maxSpan: 3);
        var writer = new BinaryBufferWriter(output);
        writer.Write(reading);
        writer.WriteSpan<Reading>(new[] { reading, reading });
        writer.Flush();
        Assert.Equal(3 * Marshal.SizeOf<Reading>(), output.WrittenBytes.Length);

        var reader = new BinarySequenceReader(TinySegments.Split(output.WrittenBytes, seed: 5, maxSegment: 3));
        Assert.Equal(reading, reader.Read<Reading>());
        var rest = new Reading[2];
        reader.ReadSpan<Reading>(rest);
        Assert.Equal(new[] { reading, reading }, rest);
        Assert.True(reader.End);
    }

    [Fact]
    public void Big_values_ask_the_output_for_a_bounded_size_hint()
    {
        var counting = new CountingBufferWriter();
        var writer = new BinaryBufferWriter(counting);
        writer.WriteRaw(new byte[1 << 20]);
        writer.Flush();

        Assert.Equal(1 << 20, counting.Inner.WrittenCount);
        Assert.InRange(counting.LargestSizeHint, 1, 64 * 1024);
    }

    [Fact]
    public void The_chunkstream_example_chains_and_reads_back()
    {
        var output = new ArrayBufferWriter<byte>();
        using (var writer = new BinaryBufferWriter(output))
        {
            _ = writer << 23.2f << 'C' << "temperature";
        }

        var reader = new BinarySequenceReader(output.WrittenSpan);
        Assert.Equal(23.2f, reader.Read<float>());
        Assert.Equal('C', reader.ReadChar());
        Assert.Equal("temperature", reader.ReadString());
        Assert.True(reader.End);
    }

    [Fact]
    public void Every_operand_type_chains_to_BinaryWriter_bytes_into_any_buffer_writer()
    {
        byte[] expected = MixedRecord.BinaryWriterBytes();
        using var segmented = new SegmentedBuffer<byte>(initialChunkLength: 2, maximumChunkLength: 8);
        var outputs = new IBufferWriter<byte>[] { new ArrayBufferWriter<byte>(), new TinySpanBufferWriter(seed: 9), new TinySpanBufferWriter(seed: 9, arrayBacked: false), segmented };

        foreach (IBufferWriter<byte> output in outputs)
        {
            var writer = new BinaryBufferWriter(output);
            BinaryBufferWriter returned = writer << true << (byte)1 << (sbyte)-2 << (short)-3 << (ushort)4 << -5 << 6u << -7L << 8UL << MixedRecord.Half
                << 10.25f << 11.125 << 12.5m << '€' << "😀 ok" << new byte[] { 13, 14, 15 };
            writer.Flush();

            Assert.Same(writer, returned);
            Assert.Equal(expected, Written(output));
            Assert.Equal(expected.Length, writer.BytesWritten);
        }
    }

    [Fact]
    public void Span_operand_and_method_forms_write_the_same_bytes()
    {
        var viaOperators = new ArrayBufferWriter<byte>();
        var viaMethods = new ArrayBufferWriter<byte>();
        var a = new BinaryBufferWriter(viaOperators);
        _ = a << new ReadOnlySpan<byte>(new byte[] { 1, 2 }) << 3;
        a.Flush();
        var b = new BinaryBufferWriter(viaMethods);
        b.WriteBytes(new byte[] { 1, 2 });
        b.Write<int>(3);
        b.WriteRaw(new byte[] { 4 });
        b.WriteSpan<short>(new short[] { 5 });
        b.Flush();

        Assert.Equal(new byte[] { 2, 1, 2, 3, 0, 0, 0 }, viaOperators.WrittenSpan.ToArray());
        Assert.Equal(new byte[] { 2, 1, 2, 3, 0, 0, 0, 4, 5, 0 }, viaMethods.WrittenSpan.ToArray());
    }

    [Fact]
    public void Flush_twice_advances_once_and_writing_goes_on_after_it()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new BinaryBufferWriter(output);
        _ = writer << 1L << 2L;

        Assert.Equal(0, output.WrittenCount);
        Assert.Equal(16, writer.BytesWritten);

        writer.Flush();
        writer.Flush();
        Assert.Equal(16, output.WrittenCount);

        _ = writer << (byte)3;
        writer.Dispose();
        Assert.Equal(17, output.WrittenCount);
        Assert.Equal(17, writer.BytesWritten);
        Assert.Equal(3, output.WrittenSpan[16]);
    }

    [Fact]
    public void A_writer_over_memory_that_is_not_array_backed_advances_every_value_at_once()
    {
        var output = new TinySpanBufferWriter(seed: 4, arrayBacked: false);
        var writer = new BinaryBufferWriter(output);
        writer.Write(0x01020304);
        writer.Write("abc");

        Assert.Equal(0, writer.BytesPending);
        Assert.Equal(8, writer.BytesWritten);
        Assert.Equal(new byte[] { 4, 3, 2, 1, 3, (byte)'a', (byte)'b', (byte)'c' }, output.WrittenBytes);
    }

    [Theory]
    [InlineData(41)]
    [InlineData(42)]
    [InlineData(43)]
    [InlineData(300)]
    [InlineData(2000)]
    public void Strings_around_the_one_pass_limit_match_BinaryWriter_on_every_output(int length)
    {
        string text = string.Concat(Enumerable.Repeat("€a😀", length / 4 + 1)).Substring(0, length);
        if (char.IsHighSurrogate(text[^1]))
        {
            text = text.Substring(0, length - 1) + "z";
        }

        using var stream = new MemoryStream();
        using (var bcl = new BinaryWriter(stream, Encoding.UTF8, leaveOpen: true))
        {
            bcl.Write(text);
        }

        foreach (IBufferWriter<byte> output in new IBufferWriter<byte>[] { new ArrayBufferWriter<byte>(1), new TinySpanBufferWriter(seed: length), new TinySpanBufferWriter(seed: length, arrayBacked: false) })
        {
            var writer = new BinaryBufferWriter(output);
            writer.Write(text);
            writer.Flush();
            Assert.Equal(stream.ToArray(), Written(output));
        }
    }

    [Fact]
    public void Debugger_display_shows_bytes_written_and_pending()
    {
        var attribute = (DebuggerDisplayAttribute)Attribute.GetCustomAttribute(typeof(BinaryBufferWriter), typeof(DebuggerDisplayAttribute))!;
        Assert.Equal("BytesWritten = {BytesWritten}, BytesPending = {BytesPending}", attribute.Value);
    }

    private static byte[] Written(IBufferWriter<byte> output) => output switch
    {
        ArrayBufferWriter<byte> array => array.WrittenSpan.ToArray(),
        TinySpanBufferWriter tiny => tiny.WrittenBytes,
        SegmentedBuffer<byte> segmented => segmented.ToArray(),
        _ => throw new ArgumentException("Unknown output.", nameof(output)),
    };

    private sealed class CountingBufferWriter : IBufferWriter<byte>
    {
        public ArrayBufferWriter<byte> Inner { get; } = new(1024);

        public int AdvanceCalls { get; private set; }

        public int LargestSizeHint { get; private set; }

        public void Advance(int count)
        {
            AdvanceCalls++;
            Inner.Advance(count);
        }

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            LargestSizeHint = Math.Max(LargestSizeHint, sizeHint);
            return Inner.GetMemory(sizeHint);
        }

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            LargestSizeHint = Math.Max(LargestSizeHint, sizeHint);
            return Inner.GetSpan(sizeHint);
        }
    }

    private sealed class EmptySpanBufferWriter : IBufferWriter<byte>
    {
        public void Advance(int count)
        {
        }

        public Memory<byte> GetMemory(int sizeHint = 0) => Memory<byte>.Empty;

        public Span<byte> GetSpan(int sizeHint = 0) => Span<byte>.Empty;
    }
}

using System;
using System.Buffers;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;
using Eddy.Binary;
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
        try
        {
            writer.Write('\uD800');
            Assert.Fail("A lone surrogate was written.");
        }
        catch (ArgumentException)
        {
        }

        Assert.Equal(0, writer.BytesWritten);
    }

    [Fact]
    public void Write_string_rejects_null()
    {
        var writer = new BinaryBufferWriter(new ArrayBufferWriter<byte>());
        try
        {
            writer.Write((string)null!);
            Assert.Fail("null was written.");
        }
        catch (ArgumentNullException)
        {
        }
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
    public void An_output_that_returns_an_empty_span_is_reported()
    {
        var writer = new BinaryBufferWriter(new EmptySpanBufferWriter());
        try
        {
            writer.Write(1L);
            Assert.Fail("Nothing was reported.");
        }
        catch (InvalidOperationException e)
        {
            Assert.Contains("empty span", e.Message, StringComparison.Ordinal);
        }
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

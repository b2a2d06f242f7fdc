using System;
using System.Buffers;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;
using Eddy.Binary;
using Eddy.Tests.Binary.Infrastructure;

namespace Eddy.Tests.Binary;

public class BinarySequenceReaderTests
{
    private delegate void ReaderAction(ref BinarySequenceReader reader);

    /// <summary>Every read the reader offers, for the end-of-data and fuzz tests.</summary>
    private static readonly (string Name, ReaderAction Read)[] s_reads =
    {
        ("ReadBoolean", (ref BinarySequenceReader r) => r.ReadBoolean()),
        ("ReadByte", (ref BinarySequenceReader r) => r.ReadByte()),
        ("ReadSByte", (ref BinarySequenceReader r) => r.ReadSByte()),
        ("ReadInt16", (ref BinarySequenceReader r) => r.ReadInt16()),
        ("ReadUInt16", (ref BinarySequenceReader r) => r.ReadUInt16()),
        ("ReadInt32", (ref BinarySequenceReader r) => r.ReadInt32()),
        ("ReadUInt32", (ref BinarySequenceReader r) => r.ReadUInt32()),
        ("ReadInt64", (ref BinarySequenceReader r) => r.ReadInt64()),
        ("ReadUInt64", (ref BinarySequenceReader r) => r.ReadUInt64()),
#if !EDDY_NETSTANDARD
        ("ReadHalf", (ref BinarySequenceReader r) => r.ReadHalf()),
#endif
        ("ReadSingle", (ref BinarySequenceReader r) => r.ReadSingle()),
        ("ReadDouble", (ref BinarySequenceReader r) => r.ReadDouble()),
        ("ReadDecimal", (ref BinarySequenceReader r) => r.ReadDecimal()),
        ("ReadChar", (ref BinarySequenceReader r) => r.ReadChar()),
        ("ReadString", (ref BinarySequenceReader r) => r.ReadString()),
        ("ReadBytes", (ref BinarySequenceReader r) => r.ReadBytes()),
        ("Read7BitEncodedInt", (ref BinarySequenceReader r) => r.Read7BitEncodedInt()),
        ("Read7BitEncodedInt64", (ref BinarySequenceReader r) => r.Read7BitEncodedInt64()),
        ("Read<Guid>", (ref BinarySequenceReader r) => r.Read<Guid>()),
        ("Read<decimal>", (ref BinarySequenceReader r) => r.Read<decimal>()),
        ("Read<char>", (ref BinarySequenceReader r) => r.Read<char>()),
        ("Read<bool>", (ref BinarySequenceReader r) => r.Read<bool>()),
        ("TryRead<long>", (ref BinarySequenceReader r) => r.TryRead<long>(out _)),
        ("TryRead<char>", (ref BinarySequenceReader r) => r.TryRead<char>(out _)),
        ("TryRead<decimal>", (ref BinarySequenceReader r) => r.TryRead<decimal>(out _)),
        ("TryReadChar", (ref BinarySequenceReader r) => r.TryReadChar(out _)),
        ("TryReadString", (ref BinarySequenceReader r) => r.TryReadString(out _)),
        ("TryReadBytes", (ref BinarySequenceReader r) => r.TryReadBytes(out _)),
        ("ReadSpan<int>", (ref BinarySequenceReader r) => r.ReadSpan<int>(new int[3])),
        ("ReadSpan<char>", (ref BinarySequenceReader r) => r.ReadSpan<char>(new char[2])),
        ("ReadSpan<decimal>", (ref BinarySequenceReader r) => r.ReadSpan<decimal>(new decimal[2])),
        ("ReadRaw", (ref BinarySequenceReader r) => r.ReadRaw(new byte[5])),
        ("Skip", (ref BinarySequenceReader r) => r.Skip(3)),
    };

    public static TheoryData<string> ThrowingReads => new(s_reads.Where(r => !r.Name.StartsWith("Try", StringComparison.Ordinal)).Select(r => r.Name));

    [Theory]
    [MemberData(nameof(ThrowingReads))]
    public void Reading_past_the_end_throws_EndOfStream_naming_the_position_and_consumes_nothing(string name)
    {
        ReaderAction read = s_reads.Single(r => r.Name == name).Read;
        foreach (bool segmented in new[] { false, true })
        {
            // Two bytes are read first, then one byte remains: every read needs more than that (or, for
            // the variable-length ones, the lone byte starts something longer).
            byte[] bytes = { 1, 2, 0xE2 };
            var reader = segmented ? new BinarySequenceReader(TinySegments.Split(bytes, seed: 4, maxSegment: 1)) : new BinarySequenceReader(bytes);
            reader.ReadUInt16();
            if (name is "ReadBoolean" or "ReadByte" or "ReadSByte" or "Read<bool>")
            {
                reader = new BinarySequenceReader(new byte[] { 1, 2 });
                reader.ReadUInt16();
            }
            else if (name is "ReadString" or "ReadBytes")
            {
                reader = segmented ? new BinarySequenceReader(TinySegments.Split(new byte[] { 1, 2, 5, 0x41 }, seed: 4, maxSegment: 1)) : new BinarySequenceReader(new byte[] { 1, 2, 5, 0x41 });
                reader.ReadUInt16();
            }
            else if (name is "Read7BitEncodedInt" or "Read7BitEncodedInt64")
            {
                reader = new BinarySequenceReader(new byte[] { 1, 2, 0x80 });
                reader.ReadUInt16();
            }

            EndOfStreamException e = AssertThrows<EndOfStreamException>(ref reader, read);
            Assert.Contains("position 2", e.Message, StringComparison.Ordinal);
            Assert.Equal(2, reader.Position);
        }
    }

    [Fact]
    public void TryRead_forms_return_false_at_the_end_and_consume_nothing()
    {
        byte[] bytes = { 7, 0x85, 0x01, 0x41, 0xE2, 0x82 };
        var reader = new BinarySequenceReader(TinySegments.Split(bytes, seed: 2, maxSegment: 2));
        Assert.True(reader.TryRead(out byte first));
        Assert.Equal(7, first);

        Assert.False(reader.TryRead(out long _));
        Assert.False(reader.TryRead(out decimal _));
        Assert.False(reader.TryReadString(out string? text)); // prefix says 133 bytes
        Assert.Null(text);
        Assert.False(reader.TryReadBytes(out byte[]? data));
        Assert.Null(data);
        Assert.Equal(1, reader.Position);

        reader.Skip(2);
        Assert.True(reader.TryReadChar(out char a));
        Assert.Equal('A', a);
        Assert.False(reader.TryReadChar(out _)); // E2 82 is a truncated three-byte sequence
        Assert.False(reader.TryRead(out char _));
        Assert.Equal(4, reader.Position);
        Assert.Equal(2, reader.Remaining);
        Assert.False(reader.End);
    }

    [Fact]
    public void TryReadString_and_TryReadBytes_read_values_that_end_exactly_at_the_end_of_the_data()
    {
        var stream = new MemoryStream();
        using (var bcl = new BinaryWriter(stream, Encoding.UTF8, leaveOpen: true))
        {
            bcl.Write("h\u00e9llo \u20ac");
            bcl.Write7BitEncodedInt(3);
            bcl.Write(new byte[] { 1, 2, 3 });
        }

        byte[] bytes = stream.ToArray();
        foreach (bool segmented in new[] { false, true })
        {
            var reader = segmented ? new BinarySequenceReader(TinySegments.Split(bytes, seed: 3, maxSegment: 1)) : new BinarySequenceReader(bytes);
            Assert.True(reader.TryReadString(out string? text));
            Assert.Equal("h\u00e9llo \u20ac", text);
            Assert.True(reader.TryReadBytes(out byte[]? data)); // its last byte is the last of the data
            Assert.Equal(new byte[] { 1, 2, 3 }, data);
            Assert.True(reader.End);
            Assert.Equal(bytes.Length, reader.Position);
        }
    }

    [Fact]
    public void A_length_prefix_cut_short_is_the_end_of_the_data_for_every_read_that_needs_it()
    {
        foreach (bool segmented in new[] { false, true })
        {
            byte[] bytes = { 0x80 }; // a prefix whose next byte is missing
            foreach (ReaderAction read in new ReaderAction[] { (ref BinarySequenceReader r) => r.ReadString(), (ref BinarySequenceReader r) => r.ReadBytes(), (ref BinarySequenceReader r) => r.Read7BitEncodedInt() })
            {
                var reader = segmented ? new BinarySequenceReader(TinySegments.Split(bytes, seed: 5, maxSegment: 1)) : new BinarySequenceReader(bytes);
                EndOfStreamException e = AssertThrows<EndOfStreamException>(ref reader, read);
                Assert.Equal("Cannot read 2 byte(s) at position 0: only 1 byte(s) remain.", e.Message);
                Assert.Equal(0, reader.Position);
            }

            var tryReader = segmented ? new BinarySequenceReader(TinySegments.Split(bytes, seed: 5, maxSegment: 1)) : new BinarySequenceReader(bytes);
            Assert.False(tryReader.TryReadString(out string? text));
            Assert.Null(text);
            Assert.False(tryReader.TryReadBytes(out byte[]? data));
            Assert.Null(data);
            Assert.Equal(0, tryReader.Position);
        }
    }

    [Fact]
    public void A_string_one_byte_short_names_what_its_prefix_announces_and_what_follows()
    {
        byte[] bytes = { 5, 0x41, 0x42, 0x43, 0x44 };
        foreach (bool segmented in new[] { false, true })
        {
            var reader = segmented ? new BinarySequenceReader(TinySegments.Split(bytes, seed: 9, maxSegment: 2)) : new BinarySequenceReader(bytes);
            EndOfStreamException e = AssertThrows<EndOfStreamException>(ref reader, (ref BinarySequenceReader r) => r.ReadString());
            Assert.Equal("The length prefix at position 0 announces 5 byte(s), but only 4 byte(s) follow it.", e.Message);
            Assert.Equal(0, reader.Position);

            Assert.False(reader.TryReadString(out string? text));
            Assert.Null(text);
            Assert.False(reader.TryReadBytes(out byte[]? data));
            Assert.Null(data);
            Assert.Equal(0, reader.Position);

            // One byte fewer announced: the string ends exactly at the end of the data.
            byte[] exact = { 4, 0x41, 0x42, 0x43, 0x44 };
            var exactReader = segmented ? new BinarySequenceReader(TinySegments.Split(exact, seed: 9, maxSegment: 2)) : new BinarySequenceReader(exact);
            Assert.True(exactReader.TryReadString(out string? abcd));
            Assert.Equal("ABCD", abcd);
            Assert.True(exactReader.End);
        }
    }

    [Fact]
    public void An_empty_byte_array_reads_as_Array_Empty()
    {
        var reader = new BinarySequenceReader(new byte[] { 0, 0 });
        Assert.Same(Array.Empty<byte>(), reader.ReadBytes());
        Assert.True(reader.TryReadBytes(out byte[]? data));
        Assert.Same(Array.Empty<byte>(), data);
        Assert.True(reader.End);
    }

    [Theory]
    [InlineData(new byte[0], 1)]
    [InlineData(new byte[] { 0xC3 }, 2)]
    [InlineData(new byte[] { 0xE2, 0x82 }, 3)]
    [InlineData(new byte[] { 0xE0, 0xA0 }, 3)]
    [InlineData(new byte[] { 0xF0, 0x9F, 0x98 }, 4)]
    public void ReadChar_of_a_sequence_cut_short_names_the_bytes_its_lead_byte_needs(byte[] bytes, int needed)
    {
        var reader = new BinarySequenceReader(bytes);
        EndOfStreamException e = AssertThrows<EndOfStreamException>(ref reader, (ref BinarySequenceReader r) => r.ReadChar());
        Assert.Equal($"Cannot read {needed} byte(s) at position 0: only {bytes.Length} byte(s) remain.", e.Message);
        Assert.Equal(0, reader.Position);
    }

    [Theory]
    [InlineData(new byte[] { 0xF0, 0x8F, 0xBF, 0xBF })] // an overlong four-byte form
    [InlineData(new byte[] { 0xF4, 0x90, 0x80, 0x80 })] // beyond U+10FFFF
    public void ReadChar_of_an_ill_formed_four_byte_sequence_reads_U_FFFD_for_its_lead_byte(byte[] bytes)
    {
        var reader = new BinarySequenceReader(bytes);
        Assert.Equal('\uFFFD', reader.ReadChar());
        Assert.Equal(1, reader.Position);
        Assert.Equal(bytes.Length - 1, reader.Remaining);
    }

    [Fact]
    public void ReadChar_of_a_supplementary_character_is_invalid_data_and_consumes_nothing()
    {
        var reader = new BinarySequenceReader(Encoding.UTF8.GetBytes("\U0001F600"));
        InvalidDataException e = AssertThrows<InvalidDataException>(ref reader, (ref BinarySequenceReader r) => r.ReadChar());
        Assert.Equal("Invalid data at position 0: a supplementary character does not fit in one char.", e.Message);
        Assert.Equal(0, reader.Position);
    }

    [Fact]
    public void Negative_length_prefix_is_invalid_data_and_consumes_nothing()
    {
        byte[] minusOne = { 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 1, 2, 3 };
        foreach (ReaderAction read in new ReaderAction[] { (ref BinarySequenceReader r) => r.ReadString(), (ref BinarySequenceReader r) => r.ReadBytes(), (ref BinarySequenceReader r) => r.TryReadString(out _), (ref BinarySequenceReader r) => r.TryReadBytes(out _) })
        {
            var reader = new BinarySequenceReader(TinySegments.Split(minusOne, seed: 6));
            InvalidDataException e = AssertThrows<InvalidDataException>(ref reader, read);
            Assert.Contains("negative", e.Message, StringComparison.Ordinal);
            Assert.Equal(0, reader.Position);
        }
    }

    [Fact]
    public void Oversized_length_prefix_throws_before_allocating()
    {
        byte[] maxLength = { 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 1, 2, 3 };
        foreach (ReaderAction read in new ReaderAction[] { (ref BinarySequenceReader r) => r.ReadString(), (ref BinarySequenceReader r) => r.ReadBytes() })
        {
            var reader = new BinarySequenceReader(maxLength);
            long before = GC.GetAllocatedBytesForCurrentThread();
            EndOfStreamException e = AssertThrows<EndOfStreamException>(ref reader, read);
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

            Assert.InRange(allocated, 0, 16 * 1024); // the exception, its message and stack trace; not 2 GiB
            Assert.Contains("announces 2147483647 byte(s), but only 3 byte(s) follow", e.Message, StringComparison.Ordinal);
            Assert.Equal(0, reader.Position);
        }
    }

    [Theory]
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x10 })] // fifth byte carries bits beyond 32
    [InlineData(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x01 })] // six bytes
    public void Overlong_7bit_Int32_is_invalid_data_where_BinaryReader_throws_FormatException(byte[] bytes)
    {
        using (var bcl = new BinaryReader(new MemoryStream(bytes)))
        {
            Assert.Throws<FormatException>(() => bcl.Read7BitEncodedInt());
        }

        foreach (ReaderAction read in new ReaderAction[] { (ref BinarySequenceReader r) => r.Read7BitEncodedInt(), (ref BinarySequenceReader r) => r.ReadString(), (ref BinarySequenceReader r) => r.TryReadBytes(out _) })
        {
            var reader = new BinarySequenceReader(TinySegments.Split(bytes, seed: 8, maxSegment: 2));
            InvalidDataException e = AssertThrows<InvalidDataException>(ref reader, read);
            Assert.Equal("Invalid data at position 0: a 7-bit-encoded integer is longer than 5 bytes or overflows.", e.Message);
            Assert.Equal(0, reader.Position);
        }
    }

    [Fact]
    public void Overlong_7bit_Int64_is_invalid_data()
    {
        byte[] bytes = { 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02 };
        using (var bcl = new BinaryReader(new MemoryStream(bytes)))
        {
            Assert.Throws<FormatException>(() => bcl.Read7BitEncodedInt64());
        }

        var reader = new BinarySequenceReader(bytes);
        AssertThrows<InvalidDataException>(ref reader, (ref BinarySequenceReader r) => r.Read7BitEncodedInt64());
    }

    [Fact]
    public void Non_minimal_7bit_encodings_are_accepted_like_BinaryReader()
    {
        byte[] bytes = { 0x80, 0x00, 0x81, 0x80, 0x00 };
        var reader = new BinarySequenceReader(bytes);
        Assert.Equal(0, reader.Read7BitEncodedInt());
        Assert.Equal(1, reader.Read7BitEncodedInt());
        Assert.True(reader.End);
    }

    [Fact]
    public void Decimal_with_invalid_flags_is_invalid_data_where_BinaryReader_throws_IOException()
    {
        byte[] bytes = new byte[16];
        bytes[14] = 29; // scale 29 > 28
        using (var bcl = new BinaryReader(new MemoryStream(bytes)))
        {
            Assert.Throws<IOException>(() => bcl.ReadDecimal());
        }

        var reader = new BinarySequenceReader(TinySegments.Split(bytes, seed: 3));
        AssertThrows<InvalidDataException>(ref reader, (ref BinarySequenceReader r) => r.ReadDecimal());
        Assert.Equal(0, reader.Position);

        bytes[14] = 0;
        bytes[12] = 1; // a reserved flag bit
        reader = new BinarySequenceReader(bytes);
        AssertThrows<InvalidDataException>(ref reader, (ref BinarySequenceReader r) => r.ReadDecimal());
    }

    [Fact]
    public void ReadChar_of_a_supplementary_character_is_invalid_data()
    {
        byte[] bytes = Encoding.UTF8.GetBytes("😀");
        var reader = new BinarySequenceReader(bytes);
        AssertThrows<InvalidDataException>(ref reader, (ref BinarySequenceReader r) => r.ReadChar());
        Assert.Equal(0, reader.Position);
        Assert.Equal("😀", new BinarySequenceReader(new byte[] { 4 }.Concat(bytes).ToArray()).ReadString());
    }

    [Fact]
    public void ReadChar_decodes_ill_formed_UTF8_as_UTF8Encoding_does()
    {
        var random = new Random(11);
        for (int round = 0; round < 500; round++)
        {
            // Random bytes without four-byte leads (whose chars need two UTF-16 units), ending in ASCII so
            // that no sequence is cut off by the end.
            byte[] bytes = Enumerable.Range(0, random.Next(0, 24)).Select(_ => (byte)random.Next(0, 256)).Where(b => b is < 0xF0 or > 0xF4).Append((byte)'A').ToArray();
            var reader = new BinarySequenceReader(TinySegments.Split(bytes, seed: round, maxSegment: 3));
            var decoded = new StringBuilder();
            while (!reader.End)
            {
                decoded.Append(reader.ReadChar());
            }

            Assert.Equal(Encoding.UTF8.GetString(bytes), decoded.ToString());
        }
    }

    [Fact]
    public void Position_Remaining_and_End_track_reads_across_segments()
    {
        byte[] bytes = Enumerable.Range(0, 40).Select(i => (byte)i).ToArray();
        var reader = new BinarySequenceReader(TinySegments.Split(bytes, seed: 1, maxSegment: 3));
        Assert.Equal(0, reader.Position);
        Assert.Equal(40, reader.Remaining);

        Assert.Equal(0x07060504_03020100L, reader.ReadInt64());
        reader.Skip(20);
        Assert.Equal(28, reader.Position);
        Assert.Equal(12, reader.Remaining);
        var rest = new byte[12];
        reader.ReadRaw(rest);
        Assert.Equal(bytes.Skip(28), rest);
        Assert.True(reader.End);
        Assert.Throws<ArgumentOutOfRangeException>(() => new BinarySequenceReader(bytes).Skip(-1));
    }

    [Fact]
    public void A_slice_that_starts_and_ends_inside_segments_reads_only_its_bytes()
    {
        byte[] bytes = Enumerable.Range(0, 64).Select(i => (byte)i).ToArray();
        ReadOnlySequence<byte> slice = TinySegments.Split(bytes, seed: 10, maxSegment: 5).Slice(5, 20);
        var reader = new BinarySequenceReader(slice);
        Assert.Equal(20, reader.Remaining);

        var read = new byte[16];
        reader.ReadRaw(read);
        Assert.Equal(bytes.Skip(5).Take(16), read);
        Assert.Equal(0x18171615, reader.ReadInt32());
        Assert.True(reader.End);
        AssertThrows<EndOfStreamException>(ref reader, (ref BinarySequenceReader r) => r.ReadByte());
    }

    [Theory]
    [InlineData("part of one array")]
    [InlineData("part of one segment object")]
    public void A_one_segment_sequence_reads_only_its_bytes(string kind)
    {
        // Bytes 3..11 of 0, 1, 2, ...: the reader's shortcut for one array and the segment walk must agree.
        byte[] bytes = Enumerable.Range(0, 32).Select(i => (byte)i).ToArray();
        var segment = new OneSegment(bytes);
        ReadOnlySequence<byte> sequence = kind == "part of one array"
            ? new ReadOnlySequence<byte>(bytes, 3, 9)
            : new ReadOnlySequence<byte>(segment, 3, segment, 12);
        var reader = new BinarySequenceReader(sequence);
        Assert.Equal(9, reader.Remaining);
        Assert.Equal(0x0A09080706050403, reader.ReadInt64());
        Assert.Equal(11, reader.ReadByte());
        Assert.True(reader.End);
        AssertThrows<EndOfStreamException>(ref reader, (ref BinarySequenceReader r) => r.ReadByte());
    }

    [Fact]
    public void An_empty_sequence_is_at_its_end()
    {
        var reader = new BinarySequenceReader(ReadOnlySequence<byte>.Empty);
        Assert.True(reader.End);
        Assert.False(reader.TryRead(out byte _));
        AssertThrows<EndOfStreamException>(ref reader, (ref BinarySequenceReader r) => r.ReadByte());
    }

    [Fact]
    public void Fuzz_every_read_on_random_bytes_throws_only_documented_exceptions()
    {
        var random = new Random(2024);
        byte[] interesting = { 0x00, 0x01, 0x05, 0x0F, 0x10, 0x7F, 0x80, 0xC2, 0xE2, 0xED, 0xF0, 0xF4, 0xFF };
        for (int round = 0; round < 3000; round++)
        {
            byte[] bytes = Enumerable.Range(0, random.Next(0, 48))
                .Select(_ => random.Next(3) == 0 ? interesting[random.Next(interesting.Length)] : (byte)random.Next(256))
                .ToArray();
            var reader = round % 2 == 0 ? new BinarySequenceReader(bytes) : new BinarySequenceReader(TinySegments.Split(bytes, seed: round));
            for (int step = 0; step < 64 && !reader.End; step++)
            {
                (string name, ReaderAction read) = s_reads[random.Next(s_reads.Length)];
                long position = reader.Position;
                try
                {
                    read(ref reader);
                    Assert.InRange(reader.Position, position, bytes.Length);
                }
                catch (Exception e) when (e is EndOfStreamException or InvalidDataException)
                {
                    Assert.True(reader.Position == position, $"{name} moved from {position} to {reader.Position} and threw {e.GetType().Name}.");
                    reader.Skip(1);
                }
            }
        }
    }
    [Fact]
    public void Skipping_a_negative_count_throws_ArgumentOutOfRange()
    {
        var reader = new BinarySequenceReader(new byte[4]);
        ArgumentOutOfRangeException e = AssertThrows<ArgumentOutOfRangeException>(ref reader, (ref BinarySequenceReader r) => r.Skip(-1));
        Assert.Equal("count", e.ParamName);
        Assert.Equal(0, reader.Position);
    }

    [Fact]
    public void TryRead_succeeds_when_exactly_the_value_remains()
    {
        var reader = new BinarySequenceReader(TinySegments.Split(new byte[] { 1, 2, 3, 4 }, seed: 3, maxSegment: 2));
        Assert.True(reader.TryRead(out int value));
        Assert.Equal(0x04030201, value);
        Assert.False(reader.TryRead(out byte _));
    }

    [Fact]
    public void Booleans_read_any_nonzero_byte_as_the_canonical_true()
    {
        // A raw byte 2 reinterpreted as bool would compare unequal to true.
        var reader = new BinarySequenceReader(new byte[] { 2, 0, 3 });
        bool first = reader.Read<bool>();
        Assert.Equal(1, System.Runtime.CompilerServices.Unsafe.As<bool, byte>(ref first));
        Span<bool> rest = stackalloc bool[2];
        reader.ReadSpan(rest);
        Assert.Equal(new byte[] { 0, 1 }, System.Runtime.InteropServices.MemoryMarshal.AsBytes(rest).ToArray());
    }

    [Fact]
    public void A_decimal_with_invalid_flags_names_them()
    {
        byte[] bytes = new byte[16];
        bytes[12] = 0xFF; // flags: bits that no decimal sets
        var reader = new BinarySequenceReader(bytes);
        InvalidDataException e = AssertThrows<InvalidDataException>(ref reader, (ref BinarySequenceReader r) => r.ReadDecimal());
        Assert.Contains("flags", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Debugger_display_shows_position_and_remaining()
    {
        var attribute = (DebuggerDisplayAttribute)Attribute.GetCustomAttribute(typeof(BinarySequenceReader), typeof(DebuggerDisplayAttribute))!;
        Assert.Equal("Position = {Position}, Remaining = {Remaining}", attribute.Value);
    }

    private static TException AssertThrows<TException>(ref BinarySequenceReader reader, ReaderAction read)
        where TException : Exception
    {
        try
        {
            read(ref reader);
        }
        catch (TException e)
        {
            Assert.IsType<TException>(e);
            return e;
        }

        Assert.Fail($"No {typeof(TException).Name} was thrown.");
        return null!;
    }

    private sealed class OneSegment : ReadOnlySequenceSegment<byte>
    {
        public OneSegment(byte[] bytes) => Memory = bytes;
    }
}

using System;
using System.Buffers;
using System.IO;
using System.Text;
using Eddy.Binary;
using Eddy.Buffers;
using Eddy.Tests.Binary.Infrastructure;

namespace Eddy.Tests.Binary;

public class BufferWriterShiftOperatorsTests
{
    [Fact]
    public void The_seed_example_works_on_a_SegmentedBuffer_with_nothing_to_flush()
    {
        using var buffer = new SegmentedBuffer<byte>();
        _ = buffer << 23.2f << 'C' << "temperature";

        Assert.Equal(4 + 1 + 1 + 11, buffer.Length);
        var reader = new BinarySequenceReader(buffer);
        Assert.Equal(23.2f, reader.ReadSingle());
        Assert.Equal('C', reader.ReadChar());
        Assert.Equal("temperature", reader.ReadString());
        Assert.True(reader.End);
    }

    [Fact]
    public void Every_operand_type_writes_BinaryWriter_bytes_into_any_buffer_writer()
    {
        var stream = new MemoryStream();
        using (var bcl = new BinaryWriter(stream, Encoding.UTF8, leaveOpen: true))
        {
            bcl.Write(true);
            bcl.Write((byte)1);
            bcl.Write((sbyte)-2);
            bcl.Write((short)-3);
            bcl.Write((ushort)4);
            bcl.Write(-5);
            bcl.Write(6u);
            bcl.Write(-7L);
            bcl.Write(8UL);
            bcl.Write((Half)9.5f);
            bcl.Write(10.25f);
            bcl.Write(11.125);
            bcl.Write(12.5m);
            bcl.Write('€');
            bcl.Write("😀 ok");
            bcl.Write7BitEncodedInt(3);
            bcl.Write(new byte[] { 13, 14, 15 });
        }

        var tiny = new TinySpanBufferWriter(seed: 12);
        var contiguous = new ArrayBufferWriter<byte>();
        using var segmented = new SegmentedBuffer<byte>(initialChunkLength: 2, maxChunkLength: 8);
        foreach (IBufferWriter<byte> output in new IBufferWriter<byte>[] { tiny, contiguous, segmented })
        {
            _ = output << true << (byte)1 << (sbyte)-2 << (short)-3 << (ushort)4 << -5 << 6u << -7L << 8UL << (Half)9.5f
                << 10.25f << 11.125 << 12.5m << '€' << "😀 ok" << new byte[] { 13, 14, 15 };
        }

        Assert.Equal(stream.ToArray(), tiny.WrittenBytes);
        Assert.Equal(stream.ToArray(), contiguous.WrittenSpan.ToArray());
        Assert.Equal(stream.ToArray(), segmented.ToArray());
    }

    [Fact]
    public void Null_string_or_array_and_lone_surrogates_are_rejected_before_writing()
    {
        var output = new ArrayBufferWriter<byte>();
        Assert.Throws<ArgumentNullException>(() => output << (string)null!);
        Assert.Throws<ArgumentNullException>(() => output << (byte[])null!);
        Assert.Throws<ArgumentException>(() => output << '\uD83D');
        Assert.Equal(0, output.WrittenCount);
    }
}

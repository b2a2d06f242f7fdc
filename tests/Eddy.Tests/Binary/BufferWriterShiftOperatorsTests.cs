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
        byte[] expected = MixedRecord.BinaryWriterBytes();

        var tiny = new TinySpanBufferWriter(seed: 12);
        var contiguous = new ArrayBufferWriter<byte>();
        using var segmented = new SegmentedBuffer<byte>(initialChunkLength: 2, maximumChunkLength: 8);
        foreach (IBufferWriter<byte> output in new IBufferWriter<byte>[] { tiny, contiguous, segmented })
        {
            _ = output << true << (byte)1 << (sbyte)-2 << (short)-3 << (ushort)4 << -5 << 6u << -7L << 8UL << MixedRecord.Half
                << 10.25f << 11.125 << 12.5m << '€' << "😀 ok" << new byte[] { 13, 14, 15 };
        }

        Assert.Equal(expected, tiny.WrittenBytes);
        Assert.Equal(expected, contiguous.WrittenSpan.ToArray());
        Assert.Equal(expected, segmented.ToArray());
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

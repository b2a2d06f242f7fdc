using System;
using System.Buffers;
using System.IO;
using System.Text;
using Eddy.Binary;
using Eddy.Tests.Binary.Infrastructure;

namespace Eddy.Tests.Binary;

public class BinaryChainWriterTests
{
    [Fact]
    public void The_seed_example_chains_and_reads_back()
    {
        var output = new ArrayBufferWriter<byte>();
        using (var writer = new BinaryChainWriter(output))
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
    public void Chained_bytes_equal_BinaryWriter_bytes_for_a_mixed_record()
    {
        byte[] expected = MixedRecord.BinaryWriterBytes();

        foreach (IBufferWriter<byte> output in new IBufferWriter<byte>[] { new ArrayBufferWriter<byte>(), new TinySpanBufferWriter(seed: 9), new TinySpanBufferWriter(seed: 9, arrayBacked: false) })
        {
            var writer = new BinaryChainWriter(output);
            _ = writer << true << (byte)1 << (sbyte)-2 << (short)-3 << (ushort)4 << -5 << 6u << -7L << 8UL << MixedRecord.Half
                << 10.25f << 11.125 << 12.5m << '€' << "😀 ok" << new byte[] { 13, 14, 15 };
            writer.Flush();

            byte[] written = output is ArrayBufferWriter<byte> abw ? abw.WrittenSpan.ToArray() : ((TinySpanBufferWriter)output).WrittenBytes;
            Assert.Equal(expected, written);
            Assert.Equal(expected.Length, writer.BytesWritten);
        }
    }

    [Fact]
    public void Nothing_reaches_the_output_before_Flush()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new BinaryChainWriter(output);
        _ = writer << 1L << 2L;

        Assert.Equal(0, output.WrittenCount);
        Assert.Equal(16, writer.BytesWritten);

        writer.Flush();
        Assert.Equal(16, output.WrittenCount);
        writer.Flush();
        Assert.Equal(16, output.WrittenCount);
    }

    [Fact]
    public void Span_operand_and_method_forms_write_the_same_bytes()
    {
        var viaOperators = new ArrayBufferWriter<byte>();
        var viaMethods = new ArrayBufferWriter<byte>();
        var a = new BinaryChainWriter(viaOperators);
        _ = a << new ReadOnlySpan<byte>(new byte[] { 1, 2 }) << 3;
        a.Flush();
        var b = new BinaryChainWriter(viaMethods);
        b.WriteBytes(new byte[] { 1, 2 }).Write<int>(3).WriteRaw(new byte[] { 4 }).WriteSpan<short>(new short[] { 5 });
        b.Flush();

        Assert.Equal(new byte[] { 2, 1, 2, 3, 0, 0, 0 }, viaOperators.WrittenSpan.ToArray());
        Assert.Equal(new byte[] { 2, 1, 2, 3, 0, 0, 0, 4, 5, 0 }, viaMethods.WrittenSpan.ToArray());
    }

    [Fact]
    public void Rejects_null_output_string_and_array_and_lone_surrogates()
    {
        Assert.Throws<ArgumentNullException>(() => new BinaryChainWriter(null!));
        var writer = new BinaryChainWriter(new ArrayBufferWriter<byte>());
        Assert.Throws<ArgumentNullException>(() => writer << (string)null!);
        Assert.Throws<ArgumentNullException>(() => writer << (byte[])null!);
        Assert.Throws<ArgumentException>(() => writer << '\uDC00');
        Assert.Equal(0, writer.BytesWritten);
    }
}

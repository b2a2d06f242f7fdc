using System;
using System.Buffers;
using System.IO;
using Eddy.Binary;

namespace Eddy.Tests.Binary;

/// <summary>
/// The 7-bit encoding truncates and reinterprets bits on purpose; a Debug build, which checks arithmetic, must
/// agree with <see cref="BinaryWriter"/> and <see cref="BinaryReader"/> byte for byte instead of throwing
/// <see cref="OverflowException"/>. The suite runs in Debug as well as Release.
/// </summary>
public class CheckedArithmeticTests
{
    [Theory]
    [InlineData(300)]
    [InlineData(-1)]
    [InlineData(int.MinValue)]
    public void Seven_bit_int32_matches_BinaryWriter_and_reads_back(int value)
    {
        byte[] bytes = Write(w => w.Write7BitEncodedInt(value));
        Assert.Equal(Bcl(w => w.Write7BitEncodedInt(value)), bytes);
        var reader = new BinarySequenceReader(bytes);
        Assert.Equal(value, reader.Read7BitEncodedInt());
    }

    [Theory]
    [InlineData(300L)]
    [InlineData(-1L)]
    [InlineData(long.MinValue)]
    public void Seven_bit_int64_matches_BinaryWriter_and_reads_back(long value)
    {
        byte[] bytes = Write(w => w.Write7BitEncodedInt64(value));
        Assert.Equal(Bcl(w => w.Write7BitEncodedInt64(value)), bytes);
        var reader = new BinarySequenceReader(bytes);
        Assert.Equal(value, reader.Read7BitEncodedInt64());
    }

    [Fact]
    public void A_length_prefix_of_two_bytes_matches_BinaryWriter()
    {
        string text = new('x', 300);
        Assert.Equal(Bcl(w => w.Write(text)), Write(w => w.Write(text)));
    }

    [Fact]
    public void A_negative_length_prefix_is_invalid_data()
    {
        var reader = new BinarySequenceReader(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x0F });
        try
        {
            reader.ReadBytes();
            Assert.Fail("A negative length prefix was accepted.");
        }
        catch (InvalidDataException)
        {
        }
    }

    private static byte[] Write(Action<BinaryBufferWriter> write)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new BinaryBufferWriter(output);
        write(writer);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    private static byte[] Bcl(Action<BinaryWriter> write)
    {
        using var stream = new MemoryStream();
        using (var writer = new BinaryWriter(stream))
        {
            write(writer);
        }

        return stream.ToArray();
    }
}

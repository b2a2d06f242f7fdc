using System;
using System.IO;
using System.Text;
using Eddy.Binary;

namespace Eddy.Tests.Binary;

public class PooledMemoryStreamBinaryTests
{
    public static TheoryData<PooledMemoryStreamMode> Modes => new() { PooledMemoryStreamMode.Auto, PooledMemoryStreamMode.Contiguous, PooledMemoryStreamMode.Segmented };

    private static PooledMemoryStream Create(PooledMemoryStreamMode mode) =>
        new(new PooledMemoryStreamOptions { Mode = mode, ChunkLength = 16, MaximumChunkLength = 64 });

    [Theory]
    [MemberData(nameof(Modes))]
    public void BinaryWriter_through_the_Stream_API_is_read_by_the_reader_over_the_stream(PooledMemoryStreamMode mode)
    {
        using PooledMemoryStream stream = Create(mode);
        using (var bcl = new BinaryWriter(stream, Encoding.UTF8, leaveOpen: true))
        {
            for (int i = 0; i < 100; i++)
            {
                bcl.Write((long)i * 1_000_003);
                bcl.Write("value " + i + " 😀");
                bcl.Write(i * 0.5m);
            }
        }

        var reader = new BinarySequenceReader(stream.GetReadOnlySequence());
        for (int i = 0; i < 100; i++)
        {
            Assert.Equal((long)i * 1_000_003, reader.ReadInt64());
            Assert.Equal("value " + i + " 😀", reader.ReadString());
            Assert.Equal(i * 0.5m, reader.ReadDecimal());
        }

        Assert.True(reader.End);
        Assert.Equal(stream.Length, reader.Position);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void The_writer_appends_to_the_stream_as_a_buffer_writer_and_BinaryReader_reads_it(PooledMemoryStreamMode mode)
    {
        using PooledMemoryStream stream = Create(mode);
        var writer = new BinaryBufferWriter(stream);
        for (int i = 0; i < 50; i++)
        {
            writer.Write(i);
            writer.Write('é');
        }

        _ = writer << 23.2f << 'C' << "temperature";
        writer.Flush();

        stream.Position = 0;
        using var bcl = new BinaryReader(stream, Encoding.UTF8, leaveOpen: true);
        for (int i = 0; i < 50; i++)
        {
            Assert.Equal(i, bcl.ReadInt32());
            Assert.Equal('é', bcl.ReadChar());
        }

        Assert.Equal(23.2f, bcl.ReadSingle());
        Assert.Equal('C', bcl.ReadChar());
        Assert.Equal("temperature", bcl.ReadString());
        Assert.Equal(stream.Length, stream.Position);
    }
}

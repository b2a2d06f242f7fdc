using System;
using System.Buffers;
using System.IO;
using System.Linq;
using System.Text;
using Eddy.Binary;
using Eddy.Buffers;

namespace Eddy.Tests.Binary.Infrastructure;

internal delegate T ReadOurs<T>(ref BinarySequenceReader reader);

/// <summary>How one type is written and read by Eddy (writer methods, writer operators, reader) and by the BCL.</summary>
internal sealed record Codec<T>(
    Action<BinaryBufferWriter, T> Write,
    Func<BinaryBufferWriter, T, BinaryBufferWriter> Chain,
    Action<BinaryWriter, T> TheirWrite,
    ReadOurs<T> Read,
    Func<BinaryReader, T> TheirRead)
{
    /// <summary>
    /// Asserts that Eddy's writer, by methods and by operators (over a contiguous writer, a tiny-span writer, a
    /// non-array writer), produces BinaryWriter's bytes, that BinaryReader reads Eddy's bytes, and that Eddy's reader (over a
    /// span and over tiny segments) reads BinaryWriter's bytes, all to the values BinaryReader reads.
    /// </summary>
    public void AssertCompatible(T[] values, int seed = 1)
    {
        var stream = new MemoryStream();
        using (var bcl = new BinaryWriter(stream, Encoding.UTF8, leaveOpen: true))
        {
            foreach (T value in values)
            {
                TheirWrite(bcl, value);
            }
        }

        byte[] theirs = stream.ToArray();
        T[] expected = ReadAllWithBcl(theirs, values.Length);

        var contiguous = new ArrayBufferWriter<byte>();
        Assert.Equal(theirs.Length, WriteAll(contiguous, values));
        Assert.Equal(theirs, contiguous.WrittenSpan.ToArray());

        var tiny = new TinySpanBufferWriter(seed);
        Assert.Equal(theirs.Length, WriteAll(tiny, values));
        Assert.Equal(theirs, tiny.WrittenBytes);

        var notArrayBacked = new TinySpanBufferWriter(seed, arrayBacked: false);
        Assert.Equal(theirs.Length, WriteAll(notArrayBacked, values));
        Assert.Equal(theirs, notArrayBacked.WrittenBytes);

        foreach (IBufferWriter<byte> output in new IBufferWriter<byte>[] { new ArrayBufferWriter<byte>(1), new TinySpanBufferWriter(seed), new TinySpanBufferWriter(seed, arrayBacked: false) })
        {
            var chain = new BinaryBufferWriter(output);
            foreach (T value in values)
            {
                Assert.Same(chain, Chain(chain, value));
            }

            chain.Flush();
            Assert.Equal(theirs.Length, chain.BytesWritten);
            byte[] chained = output is ArrayBufferWriter<byte> abw ? abw.WrittenSpan.ToArray() : ((TinySpanBufferWriter)output).WrittenBytes;
            Assert.Equal(theirs, chained);
        }

        Assert.Equal(expected, ReadAllWithBcl(tiny.WrittenBytes, values.Length));

        // The real chunked buffer, with chunks small enough that reads straddle them.
        using (var segmented = new SegmentedBuffer<byte>(initialChunkLength: 1, maximumChunkLength: 16))
        {
            Assert.Equal(theirs.Length, WriteAll(segmented, values));
            Assert.Equal(theirs, segmented.ToArray());
            var segmentedReader = new BinarySequenceReader(segmented.GetReadOnlySequence());
            Assert.Equal(expected, ReadAll(ref segmentedReader, values.Length));
            Assert.True(segmentedReader.End);
        }

        var spanReader = new BinarySequenceReader(theirs);
        Assert.Equal(expected, ReadAll(ref spanReader, values.Length));
        Assert.True(spanReader.End);

        var sequenceReader = new BinarySequenceReader(TinySegments.Split(theirs, seed));
        Assert.Equal(expected, ReadAll(ref sequenceReader, values.Length));
        Assert.True(sequenceReader.End);
        Assert.Equal(theirs.Length, sequenceReader.Position);
    }

    private long WriteAll(IBufferWriter<byte> output, T[] values)
    {
        var writer = new BinaryBufferWriter(output);
        foreach (T value in values)
        {
            Write(writer, value);
        }

        writer.Flush();
        return writer.BytesWritten;
    }

    private T[] ReadAll(ref BinarySequenceReader reader, int count)
    {
        var values = new T[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = Read(ref reader);
        }

        return values;
    }

    private T[] ReadAllWithBcl(byte[] bytes, int count)
    {
        using var reader = new BinaryReader(new MemoryStream(bytes), Encoding.UTF8);
        T[] values = Enumerable.Range(0, count).Select(_ => TheirRead(reader)).ToArray();
        Assert.Equal(bytes.Length, reader.BaseStream.Position);
        return values;
    }
}

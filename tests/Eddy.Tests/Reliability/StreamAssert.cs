using System;
using System.Buffers;

namespace Eddy.Tests.Reliability;

public static class StreamAssert
{
    /// <summary>Length, ToArray, Read from 0 and GetReadOnlySequence describe the same bytes; Position is restored.</summary>
    public static void Consistent(PooledMemoryStream stream, string context)
    {
        long position = stream.Position;
        byte[] array = stream.ToArray();
        Assert.True(stream.Length == array.Length, $"{context}: Length {stream.Length}, ToArray {array.Length}");
        Assert.True(stream.GetReadOnlySequence().ToArray().AsSpan().SequenceEqual(array), $"{context}: GetReadOnlySequence differs from ToArray");
        stream.Position = 0;
        var read = new byte[array.Length + 1];
        int total = 0;
        int n;
        while ((n = stream.Read(read, total, read.Length - total)) > 0)
        {
            total += n;
        }

        Assert.True(read.AsSpan(0, total).SequenceEqual(array), $"{context}: Read differs from ToArray");
        stream.Position = position;
    }
}

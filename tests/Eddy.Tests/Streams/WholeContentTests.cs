using System;
using System.IO;

namespace Eddy.Tests.Streams;

/// <summary>The members that hand out the whole content (WriteTo, ToArray, CopyTo(Span), DangerousGetArraySegment) at their edges.</summary>
public class WholeContentTests
{
    public static TheoryData<PooledMemoryStreamMode> Modes =>
        [PooledMemoryStreamMode.Segmented, PooledMemoryStreamMode.Auto, PooledMemoryStreamMode.Contiguous];

    [Theory]
    [MemberData(nameof(Modes))]
    public void WriteTo_right_after_small_writes_writes_every_byte(PooledMemoryStreamMode mode)
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = mode });
        var expected = new MemoryStream();
        for (int i = 0; i < 40; i++)
        {
            // Small writes go through the write window, whose bytes the segmented store learns of later.
            byte[] piece = [(byte)i, (byte)(i + 1), (byte)(i + 2)];
            stream.Write(piece);
            expected.Write(piece);
            stream.WriteByte((byte)(200 + i));
            expected.WriteByte((byte)(200 + i));
        }

        var written = new MemoryStream();
        stream.WriteTo(written);

        Assert.Equal(expected.ToArray(), written.ToArray());
        Assert.Equal(expected.Length, stream.Length);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void An_empty_stream_gives_the_shared_empty_array_as_MemoryStream_does(PooledMemoryStreamMode mode)
    {
        using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Mode = mode });
        Assert.Same(Array.Empty<byte>(), new MemoryStream().ToArray());
        Assert.Same(Array.Empty<byte>(), stream.ToArray());
        stream.Write(new byte[] { 1 });
        stream.SetLength(0);
        Assert.Same(Array.Empty<byte>(), stream.ToArray());
        var written = new MemoryStream();
        stream.WriteTo(written);
        Assert.Equal(0, written.Length);
    }

    [Fact]
    public void CopyTo_a_span_shorter_than_the_content_names_the_problem_and_copies_nothing()
    {
        using var stream = new PooledMemoryStream();
        stream.Write(new byte[] { 1, 2, 3 });
        byte[] destination = new byte[2];
        ArgumentException error = Assert.Throws<ArgumentException>("destination", () => stream.CopyTo(destination.AsSpan()));
        Assert.StartsWith("The destination is shorter than the stream's length.", error.Message);
        Assert.Equal(new byte[2], destination);
    }

    [Fact]
    public void DangerousGetArraySegment_over_memory_that_is_no_array_names_the_problem()
    {
        using var owner = new NativeMemoryOwner(16);
        using var stream = new PooledMemoryStream((ReadOnlyMemory<byte>)owner.Memory);
        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => stream.DangerousGetArraySegment());
        Assert.Equal("The stream reads memory that is not an array.", error.Message);
    }

    /// <summary>Memory over native bytes: what <c>MemoryMarshal.TryGetArray</c> cannot turn into an array.</summary>
    private sealed unsafe class NativeMemoryOwner : System.Buffers.MemoryManager<byte>
    {
        private readonly byte* _bytes;
        private readonly int _length;

        public NativeMemoryOwner(int length)
        {
            _bytes = (byte*)System.Runtime.InteropServices.NativeMemory.AllocZeroed((nuint)length);
            _length = length;
        }

        public override Span<byte> GetSpan() => new(_bytes, _length);

        public override System.Buffers.MemoryHandle Pin(int elementIndex = 0) => new(_bytes + elementIndex);

        public override void Unpin()
        {
        }

        protected override void Dispose(bool disposing) => System.Runtime.InteropServices.NativeMemory.Free(_bytes);
    }
}

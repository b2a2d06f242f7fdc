using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using Eddy.Tests.Streams.Infrastructure;

namespace Eddy.Tests.Streams;

/// <summary>The read-only mode over a caller's array or memory, against <c>new MemoryStream(array, writable: false)</c>.</summary>
public sealed class ReadOnlyStreamTests
{
    private static readonly byte[] s_data = CreateData();

    public static TheoryData<string> Calls() => new(ReadOnlyCalls().Keys);

    [Theory]
    [MemberData(nameof(Calls))]
    public void Members_behave_as_a_read_only_MemoryStream(string call)
    {
        Func<Stream, object?> action = ReadOnlyCalls()[call];
        foreach (PooledMemoryStream actual in new[] { new PooledMemoryStream(s_data), new PooledMemoryStream(new ReadOnlyMemory<byte>(s_data)) })
        {
            using var expected = new MemoryStream(s_data, writable: false);
            expected.Position = 10;
            actual.Position = 10;
            Outcome.AssertSame(Outcome.Of(() => action(expected)), Outcome.Of(() => action(actual)), call);
            if (actual.CanRead)
            {
                Assert.Equal(expected.Position, actual.Position);
                Assert.Equal(expected.Length, actual.Length);
            }

            actual.Dispose();
        }
    }

    [Fact]
    public void Read_only_stream_reads_a_slice_without_copying()
    {
        var memory = new ReadOnlyMemory<byte>(s_data, 100, 50);
        using var stream = new PooledMemoryStream(memory);
        Assert.False(stream.CanWrite);
        Assert.True(stream.CanRead);
        Assert.Equal(50, stream.Length);
        Assert.Equal(s_data.AsSpan(100, 50).ToArray(), stream.ToArray());
        Assert.True(stream.GetReadOnlySequence().First.Span == memory.Span);
        Assert.True(System.Runtime.InteropServices.MemoryMarshal.TryGetArray(stream.GetReadOnlySequence().First, out ArraySegment<byte> segment));
        Assert.Same(s_data, segment.Array);
        Assert.Equal(100, segment.Offset);
        Assert.False(stream.TryGetBuffer(out _));

        var target = new MemoryStream();
        stream.WriteTo(target);
        Assert.Equal(memory.ToArray(), target.ToArray());

        Assert.Throws<NotSupportedException>(() => stream.Reset());
        Assert.Throws<NotSupportedException>(() => stream.EnsureCapacity(1));
        Assert.Throws<NotSupportedException>(() => stream.GetSpan().Length);
        Assert.Throws<NotSupportedException>(() => stream.Advance(0));
        Assert.Throws<NotSupportedException>(() => stream.Advance(1));
        Assert.Throws<NotSupportedException>(() => stream.ReadFrom(new MemoryStream()));
    }

    [Fact]
    public void A_null_array_converts_to_empty_memory_and_reads_as_an_empty_stream()
    {
        // The stream takes ReadOnlyMemory<byte>, to which an array converts, and a null array converts to empty
        // memory (MemoryStream's array constructor throws ArgumentNullException instead; docs/stream.md).
        using var stream = new PooledMemoryStream((byte[])null!);
        Assert.Equal(0, stream.Length);
        Assert.False(stream.CanWrite);
        Assert.Equal(-1, stream.ReadByte());
    }

    [Fact]
    public void Read_only_stream_over_memory_that_is_not_an_array_reads_it()
    {
        using var owner = new NativeMemoryOwner(s_data);
        using var stream = new PooledMemoryStream((ReadOnlyMemory<byte>)owner.Memory);
        byte[] read = new byte[s_data.Length];
        stream.ReadExactly(read);
        Assert.Equal(s_data, read);
        var target = new MemoryStream();
        stream.Position = 3;
        stream.CopyTo(target);
        Assert.Equal(s_data.AsSpan(3).ToArray(), target.ToArray());
    }

    private static Dictionary<string, Func<Stream, object?>> ReadOnlyCalls()
    {
        byte[] buffer = new byte[64];
        return new Dictionary<string, Func<Stream, object?>>
        {
            ["CanWrite"] = s => s.CanWrite,
            ["CanRead"] = s => s.CanRead,
            ["Read"] = s => (s.Read(buffer, 0, 64), buffer[0], buffer[63]),
            ["Read span"] = s => (s.Read(buffer.AsSpan(0, 30)), buffer[29]),
            ["ReadByte"] = s => s.ReadByte(),
            ["ReadAsync"] = s => s.ReadAsync(buffer, 0, 64),
            ["Seek End"] = s => s.Seek(-5, SeekOrigin.End),
            ["Seek past end then read"] = s => (s.Seek(10, SeekOrigin.End), s.ReadByte()),
            ["Write"] = s => { s.Write(buffer, 0, 1); return null; },
            ["Write span"] = s => { s.Write(buffer.AsSpan(0, 1)); return null; },
            ["WriteByte"] = s => { s.WriteByte(1); return null; },
            ["WriteAsync"] = s => s.WriteAsync(buffer, 0, 1),
            ["BeginWrite"] = s => s.BeginWrite(buffer, 0, 1, null, null),
            ["SetLength"] = s => { s.SetLength(5); return null; },
            ["SetLength negative"] = s => { s.SetLength(-5); return null; },
            ["CopyTo"] = s => { var target = new MemoryStream(); s.CopyTo(target); return target.ToArray(); },
            ["CopyToAsync"] = s => { var target = new MemoryStream(); s.CopyToAsync(target).GetAwaiter().GetResult(); return target.ToArray(); },
            ["ToArray"] = s => s is MemoryStream m ? m.ToArray() : ((PooledMemoryStream)s).ToArray(),
            ["Position past int.MaxValue"] = s => s.Position = int.MaxValue + 1L,
            ["Dispose then Length"] = s => { s.Dispose(); return s.Length; },
            ["Dispose then CanWrite"] = s => { s.Dispose(); return s.CanWrite; },
        };
    }

    private static byte[] CreateData()
    {
        var data = new byte[1000];
        new Random(5).NextBytes(data);
        return data;
    }

    /// <summary>Memory that is not backed by an array.</summary>
    private sealed unsafe class NativeMemoryOwner : MemoryManager<byte>
    {
        private readonly byte* _pointer;
        private readonly int _length;

        public NativeMemoryOwner(byte[] data)
        {
            _length = data.Length;
            _pointer = (byte*)System.Runtime.InteropServices.NativeMemory.Alloc((nuint)_length);
            data.CopyTo(new Span<byte>(_pointer, _length));
        }

        public override Span<byte> GetSpan() => new(_pointer, _length);

        public override MemoryHandle Pin(int elementIndex = 0) => new(_pointer + elementIndex);

        public override void Unpin()
        {
        }

        protected override void Dispose(bool disposing) => System.Runtime.InteropServices.NativeMemory.Free(_pointer);
    }
}

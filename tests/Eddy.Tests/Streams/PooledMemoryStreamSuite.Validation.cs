using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Tests.Streams.Infrastructure;

namespace Eddy.Tests.Streams;

// Argument validation and disposed behaviour, member by member against MemoryStream: same exception types and
// parameter names, same task states for the asynchronous members.
public abstract partial class PooledMemoryStreamSuite
{
    public static TheoryData<string> BadArgumentCalls() => new(ArgumentCalls().Keys);

    public static TheoryData<string> DisposedCalls() => new(MemberCalls().Keys);

    [Theory]
    [MemberData(nameof(BadArgumentCalls))]
    public void Bad_arguments_throw_as_MemoryStream_does(string call)
    {
        Func<Stream, object?> action = ArgumentCalls()[call];
        using var expected = new MemoryStream();
        using PooledMemoryStream actual = CreateStream();
        expected.Write(new byte[10]);
        actual.Write(new byte[10]);
        Outcome want = Outcome.Of(() => action(expected));
        Outcome got = Outcome.Of(() => action(actual));
        Assert.NotNull(want.Error);
        Outcome.AssertSame(want, got, call);
    }

    [Theory]
    [MemberData(nameof(DisposedCalls))]
    public void After_Dispose_members_behave_as_MemoryStream_does(string call)
    {
        Func<Stream, object?> action = MemberCalls()[call];
        var expected = new MemoryStream();
        PooledMemoryStream actual = CreateStream();
        expected.Write(new byte[10]);
        actual.Write(new byte[10]);
        expected.Dispose();
        actual.Dispose();
        Outcome.AssertSame(Outcome.Of(() => action(expected)), Outcome.Of(() => action(actual)), call);
    }

    [Theory]
    [MemberData(nameof(DisposedCalls))]
    public void Open_members_behave_as_MemoryStream_does(string call)
    {
        Func<Stream, object?> action = MemberCalls()[call];
        using var expected = new MemoryStream();
        using PooledMemoryStream actual = CreateStream();
        expected.Write(Pattern(300));
        actual.Write(Pattern(300));
        expected.Position = 100;
        actual.Position = 100;
        Outcome.AssertSame(Outcome.Of(() => action(expected)), Outcome.Of(() => action(actual)), call);
        Assert.Equal(expected.CanRead, actual.CanRead);
        if (actual.CanRead)
        {
            Assert.Equal(expected.ToArray(), actual.ToArray());
            Assert.Equal(expected.Position, actual.Position);
        }
    }

    [Fact]
    public void After_Dispose_a_Position_past_int_MaxValue_throws_ObjectDisposedException_as_MemoryStream_does()
    {
        // The setter's range check for such a value is off its common path; it must still report the disposal first.
        var expected = new MemoryStream();
        PooledMemoryStream actual = CreateStream();
        expected.Dispose();
        actual.Dispose();
        const long past = (long)int.MaxValue + 1;
        Outcome.AssertSame(Outcome.Of(() => { expected.Position = past; }), Outcome.Of(() => { actual.Position = past; }), "Position set past int.MaxValue");
        Outcome.AssertSame(Outcome.Of(() => { expected.Position = -1; }), Outcome.Of(() => { actual.Position = -1; }), "Position set negative");
    }

    [Fact]
    public void Dispose_is_idempotent_and_returns_every_array()
    {
        var pool = new StreamTestPool();
        PooledMemoryStream stream = CreateStream(pool);
        stream.Write(Pattern(5000));
        stream.Dispose();
        stream.Dispose();
        stream.Close();
        pool.AssertAllReturned();
        Assert.False(stream.CanRead);
        Assert.False(stream.CanWrite);
        Assert.False(stream.CanSeek);
    }

    [Fact]
    public void Members_unique_to_PooledMemoryStream_throw_ObjectDisposedException_after_Dispose()
    {
        PooledMemoryStream stream = CreateStream();
        stream.Write(Pattern(100));
        stream.Dispose();
        Assert.Throws<ObjectDisposedException>(() => stream.ToArray());
        Assert.Throws<ObjectDisposedException>(() => stream.GetReadOnlySequence());
        Assert.Throws<ObjectDisposedException>(() => stream.Reset());
        Assert.Throws<ObjectDisposedException>(() => stream.EnsureCapacity(10));
        Assert.Throws<ObjectDisposedException>(() => stream.GetSpan(1).Length);
        Assert.Throws<ObjectDisposedException>(() => stream.GetMemory(1));
        Assert.Throws<ObjectDisposedException>(() => stream.Advance(0));
        Assert.Throws<ObjectDisposedException>(() => stream.ReadFrom(new MemoryStream()));
        Assert.Throws<ObjectDisposedException>(() => stream.ReadFromAsync(new MemoryStream()).AsTask().GetAwaiter().GetResult());
        Assert.Throws<ObjectDisposedException>(() => stream.WriteTo(new MemoryStream()));
        Assert.False(stream.TryGetBuffer(out _));
    }

    [Fact]
    public void Limits_beyond_int_MaxValue_follow_the_mode()
    {
        using var expected = new MemoryStream();
        using PooledMemoryStream actual = CreateStream();
        long beyond = int.MaxValue + 1L;
        var calls = new Dictionary<string, Func<Stream, object?>>
        {
            ["Position"] = s => s.Position = beyond,
            ["Seek Begin"] = s => s.Seek(beyond, SeekOrigin.Begin),
            ["Seek Current"] = s => s.Seek(beyond, SeekOrigin.Current),
            ["Seek End"] = s => s.Seek(beyond, SeekOrigin.End),
        };
        foreach ((string name, Func<Stream, object?> call) in calls)
        {
            actual.Position = 0;
            expected.Position = 0;
            Outcome want = Outcome.Of(() => call(expected));
            Outcome got = Outcome.Of(() => call(actual));
            if (HasMemoryStreamLimits)
            {
                Outcome.AssertSame(want, got, name);
            }
            else
            {
                // Documented difference: segmented and automatic streams address up to long.MaxValue.
                Assert.Null(got.Error);
                Assert.Equal(beyond, actual.Position);
            }
        }

        Assert.Throws<ArgumentOutOfRangeException>("value", () => actual.SetLength(-1));
        Assert.Throws<ArgumentOutOfRangeException>("value", () => actual.Position = -1);
        actual.Position = 1;
        Assert.Throws<ArgumentOutOfRangeException>("offset", () => actual.Seek(long.MaxValue, SeekOrigin.Current));
    }

    /// <summary>Calls that each pass one bad argument.</summary>
    private static Dictionary<string, Func<Stream, object?>> ArgumentCalls()
    {
        byte[] buffer = new byte[8];
        var readOnly = new MemoryStream(new byte[4], writable: false);
        var closed = new MemoryStream();
        closed.Dispose();
        return new Dictionary<string, Func<Stream, object?>>
        {
            ["Read null"] = s => s.Read(null!, 0, 1),
            ["Read offset<0"] = s => s.Read(buffer, -1, 1),
            ["Read count<0"] = s => s.Read(buffer, 0, -1),
            ["Read past end"] = s => s.Read(buffer, 4, 5),
            ["Write null"] = s => { s.Write(null!, 0, 1); return null; },
            ["Write offset<0"] = s => { s.Write(buffer, -1, 1); return null; },
            ["Write count<0"] = s => { s.Write(buffer, 0, -1); return null; },
            ["Write past end"] = s => { s.Write(buffer, 7, 2); return null; },
            ["Read offset past end, count 0"] = s => s.Read(new byte[1], 2, 0),
            ["Read offset past end"] = s => s.Read(new byte[10], 11, 1),
            ["Read offset and count int.MaxValue"] = s => s.Read(buffer, int.MaxValue, int.MaxValue),
            ["Read offset int.MaxValue, count -1"] = s => s.Read(buffer, int.MaxValue, -1),
            ["Write offset past end, count 0"] = s => { s.Write(new byte[1], 2, 0); return null; },
            ["Write offset past end"] = s => { s.Write(new byte[10], 11, 1); return null; },
            ["Write offset and count int.MaxValue"] = s => { s.Write(buffer, int.MaxValue, int.MaxValue); return null; },
            ["ReadAsync offset past end, count 0"] = s => s.ReadAsync(new byte[1], 2, 0),
            ["ReadAsync offset and count int.MaxValue"] = s => s.ReadAsync(buffer, int.MaxValue, int.MaxValue),
            ["WriteAsync offset past end, count 0"] = s => s.WriteAsync(new byte[1], 2, 0),
            ["WriteAsync offset past end"] = s => s.WriteAsync(new byte[10], 11, 1),
            ["BeginRead offset past end, count 0"] = s => s.BeginRead(new byte[1], 2, 0, null, null),
            ["BeginWrite offset past end"] = s => s.BeginWrite(new byte[10], 11, 1, null, null),
            ["ReadAsync null"] = s => s.ReadAsync(null!, 0, 1),
            ["ReadAsync past end"] = s => s.ReadAsync(buffer, 8, 1),
            ["WriteAsync null"] = s => s.WriteAsync(null!, 0, 1),
            ["WriteAsync count<0"] = s => s.WriteAsync(buffer, 0, -1),
            ["BeginRead null"] = s => s.BeginRead(null!, 0, 1, null, null),
            ["BeginRead past end"] = s => s.BeginRead(buffer, 1, 8, null, null),
            ["BeginWrite offset<0"] = s => s.BeginWrite(buffer, -1, 1, null, null),
            ["EndRead null"] = s => s.EndRead(null!),
            ["EndWrite null"] = s => { s.EndWrite(null!); return null; },
            ["Seek bad origin"] = s => s.Seek(0, (SeekOrigin)3),
            ["Seek before begin"] = s => s.Seek(-1, SeekOrigin.Begin),
            ["Seek before begin from end"] = s => s.Seek(-11, SeekOrigin.End),
            ["Seek before begin from current"] = s => s.Seek(-11, SeekOrigin.Current),
            ["Seek long.MinValue"] = s => s.Seek(long.MinValue, SeekOrigin.End),
            ["Position negative"] = s => s.Position = -1,
            ["SetLength negative"] = s => { s.SetLength(-1); return null; },
            ["SetLength long.MaxValue + overflow"] = s => { s.SetLength(long.MinValue); return null; },
            ["CopyTo null"] = s => { s.CopyTo(null!); return null; },
            ["CopyTo bufferSize 0"] = s => { s.CopyTo(new MemoryStream(), 0); return null; },
            ["CopyTo bufferSize -1"] = s => { s.CopyTo(new MemoryStream(), -1); return null; },
            ["CopyTo read-only"] = s => { s.CopyTo(readOnly); return null; },
            ["CopyTo closed"] = s => { s.CopyTo(closed); return null; },
            ["CopyToAsync null"] = s => s.CopyToAsync(null!),
            ["CopyToAsync bufferSize 0"] = s => s.CopyToAsync(new MemoryStream(), 0),
            ["CopyToAsync read-only"] = s => s.CopyToAsync(readOnly),
            ["CopyToAsync closed"] = s => s.CopyToAsync(closed),
            ["WriteTo null"] = s => { WriteTo(s, null!); return null; },
            ["EndRead foreign"] = s => s.EndRead(new TaskCompletionSource<int>().Task),
            ["EndWrite foreign"] = s => { s.EndWrite(Task.CompletedTask); return null; },
            ["EndRead of a write"] = s => s.EndRead(s.BeginWrite(buffer, 0, 1, null, null)),
            ["EndRead twice"] = s => { IAsyncResult r = s.BeginRead(buffer, 0, 1, null, null); s.EndRead(r); return s.EndRead(r); },
            ["EndWrite twice"] = s => { IAsyncResult r = s.BeginWrite(buffer, 0, 1, null, null); s.EndWrite(r); s.EndWrite(r); return null; },
        };
    }

    /// <summary>Every Stream member, with valid arguments.</summary>
    private static Dictionary<string, Func<Stream, object?>> MemberCalls()
    {
        byte[] buffer = new byte[8];
        var cancelled = new CancellationToken(canceled: true);
        return new Dictionary<string, Func<Stream, object?>>
        {
            ["CanRead"] = s => s.CanRead,
            ["CanWrite"] = s => s.CanWrite,
            ["CanSeek"] = s => s.CanSeek,
            ["CanTimeout"] = s => s.CanTimeout,
            ["Length"] = s => s.Length,
            ["Position get"] = s => s.Position,
            ["Position set"] = s => s.Position = 3,
            ["Position set negative"] = s => s.Position = -3,
            ["Seek"] = s => s.Seek(2, SeekOrigin.Current),
            ["Seek End"] = s => s.Seek(-2, SeekOrigin.End),
            ["SetLength"] = s => { s.SetLength(4); return null; },
            ["SetLength negative"] = s => { s.SetLength(-4); return null; },
            ["Read"] = s => s.Read(buffer, 0, 8),
            ["Read span"] = s => s.Read(buffer.AsSpan()),
            ["ReadByte"] = s => s.ReadByte(),
            ["ReadExactly"] = s => { s.ReadExactly(buffer, 0, 2); return null; },
            ["Write"] = s => { s.Write(buffer, 0, 8); return null; },
            ["Write span"] = s => { s.Write(buffer.AsSpan()); return null; },
            ["WriteByte"] = s => { s.WriteByte(1); return null; },
            ["Flush"] = s => { s.Flush(); return null; },
            ["FlushAsync"] = s => s.FlushAsync(),
            ["FlushAsync cancelled"] = s => s.FlushAsync(cancelled),
            ["ReadAsync"] = s => s.ReadAsync(buffer, 0, 8),
            ["ReadAsync cancelled"] = s => s.ReadAsync(buffer, 0, 8, cancelled),
            ["ReadAsync memory"] = s => s.ReadAsync(buffer.AsMemory()).AsTask(),
            ["ReadAsync memory cancelled"] = s => s.ReadAsync(buffer.AsMemory(), cancelled).AsTask(),
            ["WriteAsync"] = s => s.WriteAsync(buffer, 0, 8),
            ["WriteAsync cancelled"] = s => s.WriteAsync(buffer, 0, 8, cancelled),
            ["WriteAsync memory"] = s => s.WriteAsync(buffer.AsMemory()).AsTask(),
            ["WriteAsync memory cancelled"] = s => s.WriteAsync(buffer.AsMemory(), cancelled).AsTask(),
            ["BeginRead/EndRead"] = s => s.EndRead(s.BeginRead(buffer, 0, 8, null, null)),
            ["BeginWrite/EndWrite"] = s => { s.EndWrite(s.BeginWrite(buffer, 0, 8, null, null)); return null; },
            ["CopyTo"] = s => { var target = new MemoryStream(); s.CopyTo(target); return target.ToArray(); },
            ["CopyTo bufferSize"] = s => { var target = new MemoryStream(); s.CopyTo(target, 16); return target.ToArray(); },
            ["CopyToAsync"] = s => { var target = new MemoryStream(); s.CopyToAsync(target).GetAwaiter().GetResult(); return target.ToArray(); },
            ["CopyToAsync cancelled"] = s => s.CopyToAsync(new MemoryStream(), 16, cancelled),
            ["CopyToAsync to a non-memory stream"] = s => { var target = new BufferedStream(new MemoryStream()); s.CopyToAsync(target).GetAwaiter().GetResult(); return null; },
            ["WriteTo"] = s => { var target = new MemoryStream(); WriteTo(s, target); return target.ToArray(); },
            ["Dispose"] = s => { s.Dispose(); return s.CanRead; },
            ["DisposeAsync"] = s => s.DisposeAsync().AsTask(),
            ["ReadTimeout"] = s => s.ReadTimeout,
            ["BeginRead callback"] = s =>
            {
                object? seen = null;
                IAsyncResult result = s.BeginRead(buffer, 0, 4, r => seen = r.AsyncState, "state");
                int n = s.EndRead(result);
                return (n, result.IsCompleted, result.AsyncState, SpinWait.SpinUntil(() => seen is not null, 5000) ? seen : null);
            },
        };
    }

    private static void WriteTo(Stream stream, Stream target)
    {
        if (stream is MemoryStream memory)
        {
            memory.WriteTo(target);
        }
        else
        {
            ((PooledMemoryStream)stream).WriteTo(target);
        }
    }
}

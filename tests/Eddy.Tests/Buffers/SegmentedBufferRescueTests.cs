using System;
using System.Buffers;
using System.Collections.Generic;
using Eddy.Buffers;
using Eddy.Lifetime;
using Xunit;

namespace Eddy.Tests.Buffers;

/// <summary>
/// The leak path of a buffer whose owner was dropped undisposed: every chunk, a bare first one included, goes back to
/// the pool once, cleared when it holds references, and the bytes reported are the chunks' bytes.
/// </summary>
public class SegmentedBufferRescueTests
{
    [Fact]
    public void A_rescue_reports_bytes_not_elements()
    {
        var pool = new RecordingPool<int>();
        var buffer = new SegmentedBuffer<int>(pool, 16, 16);
        buffer.Write(new int[40]);

        long bytes = ((IRescuable)buffer).Rescue(clear: false);

        Assert.Equal(3 * 16 * sizeof(int), bytes);
        Assert.Equal(3, pool.Returned.Count);
        Assert.All(pool.Returned, r => Assert.False(r.Cleared));
    }

    [Theory]
    [InlineData(5, false)]
    [InlineData(40, false)]
    [InlineData(5, true)]
    [InlineData(40, true)]
    public void A_rescue_clears_arrays_of_references_whether_asked_to_or_not(int count, bool clear)
    {
        var pool = new RecordingPool<string>();
        var buffer = new SegmentedBuffer<string>(pool, 16, 16);
        buffer.Write(new string[count].AsSpan());

        ((IRescuable)buffer).Rescue(clear);

        Assert.Equal((count + 15) / 16, pool.Returned.Count);
        Assert.All(pool.Returned, r => Assert.True(r.Cleared));
    }

    [Fact]
    public void A_rescue_after_dispose_or_a_second_rescue_returns_nothing()
    {
        var pool = new RecordingPool<byte>();
        var disposed = new SegmentedBuffer<byte>(pool, 16, 16);
        disposed.Write(new byte[10]);
        disposed.Dispose();
        Assert.Single(pool.Returned);

        Assert.Equal(0, ((IRescuable)disposed).Rescue(clear: true));
        Assert.Single(pool.Returned);

        var rescued = new SegmentedBuffer<byte>(pool, 16, 16);
        rescued.Write(new byte[10]);
        Assert.Equal(16, ((IRescuable)rescued).Rescue(clear: true));
        Assert.Equal(0, ((IRescuable)rescued).Rescue(clear: true));
        Assert.Equal(2, pool.Returned.Count);
        Assert.True(pool.Returned[1].Cleared);
    }

    [Fact]
    public void The_debugger_display_counts_a_bare_first_chunk_and_shows_a_disposed_buffer_as_such()
    {
        var buffer = new SegmentedBuffer<byte>(new RecordingPool<byte>(), 16, 16);
        buffer.Write(new byte[10]);
        Assert.Equal("Length = 10, Chunks = 1", DebuggerViewTests.Display(typeof(SegmentedBuffer<byte>), typeof(SegmentedBuffer<>.DebugView), buffer));

        buffer.Dispose();
        Assert.Equal("Disposed", DebuggerViewTests.Display(typeof(SegmentedBuffer<byte>), typeof(SegmentedBuffer<>.DebugView), buffer));
    }

    /// <summary>Lends exact-length arrays and records each return with its clear flag.</summary>
    private sealed class RecordingPool<T> : ArrayPool<T>
    {
        public List<(T[] Array, bool Cleared)> Returned { get; } = new();

        public override T[] Rent(int minimumLength) => new T[minimumLength];

        public override void Return(T[] array, bool clearArray = false) => Returned.Add((array, clearArray));
    }
}

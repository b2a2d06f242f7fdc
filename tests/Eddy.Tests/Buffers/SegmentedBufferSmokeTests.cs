using System;
using System.Buffers;
using System.Linq;
using Eddy.Buffers;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Buffers;

public class SegmentedBufferSmokeTests
{
    [Fact]
    public void WritesReadsConsumesAndReturnsEveryChunk()
    {
        var pool = new TrackingArrayPool<byte>();
        var expected = Enumerable.Range(0, 100_000).Select(i => (byte)i).ToArray();
        using (var buffer = new SegmentedBuffer<byte>(pool, 16, 1024))
        {
            int written = 0;
            while (written < expected.Length)
            {
                Span<byte> span = buffer.GetSpan(7);
                int n = Math.Min(span.Length, Math.Min(expected.Length - written, 13));
                expected.AsSpan(written, n).CopyTo(span);
                buffer.Advance(n);
                written += n;
            }

            Assert.Equal(expected.Length, buffer.Length);
            Assert.Equal(expected, buffer.ToArray());
            Assert.Equal(expected, buffer.AsReadOnlySequence().ToArray());
            buffer.Consume(50_000);
            Assert.Equal(expected.AsSpan(50_000).ToArray(), buffer.ToArray());
            var part = new byte[1000];
            Assert.Equal(1000, buffer.CopyTo(1234, part));
            Assert.Equal(expected.AsSpan(51_234, 1000).ToArray(), part);
        }

        pool.AssertAllReturned();
    }
}

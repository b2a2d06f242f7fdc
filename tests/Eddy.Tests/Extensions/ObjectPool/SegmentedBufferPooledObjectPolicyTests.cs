using System;
using Eddy.Buffers;
using Eddy.Extensions.ObjectPool;
using Eddy.Tests.Buffers.Infrastructure;
using Microsoft.Extensions.ObjectPool;

namespace Eddy.Tests.Extensions.ObjectPool;

public class SegmentedBufferPooledObjectPolicyTests
{
    [Fact]
    public void Returned_buffer_is_emptied_and_gives_every_chunk_back()
    {
        var arrays = new TrackingArrayPool<byte>();
        var pool = new DefaultObjectPool<SegmentedBuffer<byte>>(new SegmentedBufferPooledObjectPolicy<byte>(arrays, initialChunkLength: 256, maximumChunkLength: 1024));

        var buffer = pool.Get();
        buffer.Write(new byte[20_000]);
        Assert.False(buffer.GetReadOnlySequence().IsSingleSegment);
        pool.Return(buffer);

        Assert.Equal(0, arrays.Outstanding);
        var again = pool.Get();
        Assert.Same(buffer, again);
        Assert.Equal(0, again.Length);
        again.Write(new byte[10]);
        Assert.Equal(10, again.Length);
        again.Dispose();
        arrays.AssertAllReturned();
    }

    [Fact]
    public void Created_buffers_use_the_policy_pool_and_chunk_lengths()
    {
        var arrays = new TrackingArrayPool<int>();
        var buffer = new SegmentedBufferPooledObjectPolicy<int>(arrays, initialChunkLength: 128, maximumChunkLength: 128).Create();

        buffer.Write(new int[1000]);

        Assert.All(arrays.RequestedLengths, length => Assert.Equal(128, length));
        Assert.Equal(8, arrays.RentCount);
        buffer.Dispose();
        arrays.AssertAllReturned();
    }

    [Fact]
    public void Disposed_buffer_is_not_kept()
    {
        var policy = new SegmentedBufferPooledObjectPolicy<byte>();
        var buffer = policy.Create();
        buffer.Dispose();

        Assert.False(policy.Return(buffer));
    }

    [Fact]
    public void Provider_pool_reuses_buffers()
    {
        var arrays = new TrackingArrayPool<long>();
        var pool = new DefaultObjectPoolProvider().CreateSegmentedBufferPool(arrays);

        var buffer = pool.Get();
        buffer.Write(new long[100]);
        pool.Return(buffer);

        Assert.Equal(0, arrays.Outstanding);
        Assert.Same(buffer, pool.Get());
    }
}

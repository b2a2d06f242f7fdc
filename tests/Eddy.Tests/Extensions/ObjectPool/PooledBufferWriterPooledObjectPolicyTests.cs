using System;
using System.Runtime.InteropServices;
using Eddy.Buffers;
using Eddy.Extensions.ObjectPool;
using Eddy.Tests.Buffers.Infrastructure;
using Microsoft.Extensions.ObjectPool;

namespace Eddy.Tests.Extensions.ObjectPool;

public class PooledBufferWriterPooledObjectPolicyTests
{
    [Fact]
    public void Returned_writer_is_reset_and_keeps_its_array()
    {
        var arrays = new TrackingArrayPool<byte>();
        var pool = new DefaultObjectPool<PooledBufferWriter<byte>>(new PooledBufferWriterPooledObjectPolicy<byte>(arrays, initialCapacity: 64));

        var writer = pool.Get();
        writer.Write(new byte[100]);
        var capacity = writer.Capacity;
        pool.Return(writer);

        var again = pool.Get();
        Assert.Same(writer, again);
        Assert.Equal(0, again.Length);
        Assert.Equal(capacity, again.Capacity);
        Assert.Equal(1, arrays.Outstanding);
        again.Dispose();
        arrays.AssertAllReturned();
    }

    [Fact]
    public void Writer_past_the_retained_capacity_is_disposed_and_dropped()
    {
        var arrays = new TrackingArrayPool<int>();
        var policy = new PooledBufferWriterPooledObjectPolicy<int>(pool: arrays, maximumRetainedCapacity: 1000);
        var small = policy.Create();
        small.Write(new int[1000]);
        var large = policy.Create();
        large.Write(new int[1001]);

        Assert.True(policy.Return(small));
        Assert.False(policy.Return(large));

        Assert.Throws<ObjectDisposedException>(() => large.Capacity);
        Assert.Equal(1, arrays.Outstanding);
        Assert.Equal(1 << 20, new PooledBufferWriterPooledObjectPolicy<int>().MaximumRetainedCapacity);
    }

    [Fact]
    public void Written_references_are_cleared_on_return_so_idle_writers_keep_nothing_alive()
    {
        var policy = new PooledBufferWriterPooledObjectPolicy<string>();
        var writer = policy.Create();
        writer.Write(["held", "also held"]);
        Assert.True(MemoryMarshal.TryGetArray(writer.WrittenMemory, out var written));

        Assert.True(policy.Return(writer));

        Assert.Null(written.Array![0]);
        Assert.Null(written.Array[1]);
    }

    [Fact]
    public void Disposed_writer_is_not_kept()
    {
        var policy = new PooledBufferWriterPooledObjectPolicy<byte>();
        var writer = policy.Create();
        writer.Dispose();

        Assert.False(policy.Return(writer));
    }

    [Fact]
    public void Negative_lengths_are_refused()
    {
        Assert.Throws<ArgumentOutOfRangeException>("initialCapacity", () => new PooledBufferWriterPooledObjectPolicy<byte>(initialCapacity: -1));
        Assert.Throws<ArgumentOutOfRangeException>("maximumRetainedCapacity", () => new PooledBufferWriterPooledObjectPolicy<byte>(maximumRetainedCapacity: -1));
    }

    [Fact]
    public void Provider_pool_reuses_writers_and_disposes_those_it_drops()
    {
        var arrays = new TrackingArrayPool<char>();
        var pool = new DefaultObjectPoolProvider { MaximumRetained = 1 }.CreatePooledBufferWriterPool(arrays, initialCapacity: 16);

        var first = pool.Get();
        var second = pool.Get();
        Assert.Equal(16, first.Capacity);
        pool.Return(first);
        pool.Return(second);

        Assert.Equal(1, arrays.Outstanding);
        Assert.Same(first, pool.Get());
    }
}

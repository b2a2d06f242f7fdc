using System;
using Eddy.Extensions.ObjectPool;
using Eddy.Tests.Buffers.Infrastructure;
using Microsoft.Extensions.ObjectPool;

namespace Eddy.Tests.Extensions.ObjectPool;

public class PooledMemoryStreamPooledObjectPolicyTests
{
    private readonly TrackingArrayPool<byte> _bytes = new();

    [Fact]
    public void Returned_stream_is_emptied_gives_its_arrays_back_and_is_reused()
    {
        var pool = new DefaultObjectPool<PooledMemoryStream>(new PooledMemoryStreamPooledObjectPolicy(new PooledMemoryStreamOptions { Pool = _bytes }));

        var stream = pool.Get();
        stream.Write(new byte[10_000]);
        Assert.True(_bytes.Outstanding > 0);
        pool.Return(stream);

        Assert.Equal(0, _bytes.Outstanding);
        var again = pool.Get();
        Assert.Same(stream, again);
        Assert.Equal(0, again.Length);
        Assert.Equal(0, again.Position);
        again.WriteByte(1);
        Assert.Equal(1, again.Length);
        again.Dispose();
        pool.Return(again);
        Assert.NotSame(again, pool.Get());
        _bytes.AssertAllReturned();
    }

    [Fact]
    public void Disposed_or_read_only_streams_are_not_kept()
    {
        var policy = new PooledMemoryStreamPooledObjectPolicy();
        var disposed = policy.Create();
        disposed.Dispose();

        Assert.False(policy.Return(disposed));
        Assert.False(policy.Return(new PooledMemoryStream(new byte[4])));
        Assert.True(policy.Return(policy.Create()));
    }

    [Fact]
    public void Policy_creates_streams_with_its_options_or_the_defaults()
    {
        var options = new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented, Pool = _bytes };

        Assert.Same(options, new PooledMemoryStreamPooledObjectPolicy(options).Create().Options);
        Assert.Same(PooledMemoryStreamOptions.Default, new PooledMemoryStreamPooledObjectPolicy().Options);
        Assert.Same(PooledMemoryStreamOptions.Default, new PooledMemoryStreamPooledObjectPolicy(null).Create().Options);
    }

    [Fact]
    public void Provider_pool_disposes_the_streams_it_drops_so_their_arrays_come_back()
    {
        var pool = new DefaultObjectPoolProvider { MaximumRetained = 1 }
            .CreatePooledMemoryStreamPool(new PooledMemoryStreamOptions { Pool = _bytes });

        var first = pool.Get();
        var second = pool.Get();
        first.Write(new byte[1000]);
        second.Write(new byte[1000]);
        pool.Return(first);
        pool.Return(second);

        Assert.Equal(0, _bytes.Outstanding);
        Assert.False(second.CanWrite);
        Assert.Same(first, pool.Get());
    }
}

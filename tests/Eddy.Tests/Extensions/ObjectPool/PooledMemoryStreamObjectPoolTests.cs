using System;
using Eddy.Extensions.ObjectPool;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Extensions.ObjectPool;

public class PooledMemoryStreamObjectPoolTests
{
    private readonly TrackingArrayPool<byte> _bytes = new();

    [Fact]
    public void Get_rents_from_the_stream_pool_and_Return_gives_the_stream_back_emptied()
    {
        var streams = new PooledMemoryStreamPool(new PooledMemoryStreamOptions { Pool = _bytes });
        var pool = new PooledMemoryStreamObjectPool(streams);
        Assert.Same(streams, pool.Pool);

        PooledMemoryStream stream = pool.Get();
        Assert.Same(streams.Options, stream.Options);
        stream.Write(new byte[10_000]);
        Assert.True(_bytes.Outstanding > 0);
        pool.Return(stream);

        Assert.Equal(0, _bytes.Outstanding);
        Assert.False(stream.CanWrite);
        PooledMemoryStream again = streams.Rent();
        Assert.Same(stream, again);
        Assert.Equal(0, again.Length);
        again.Dispose();
        _bytes.AssertAllReturned();
    }

    [Fact]
    public void Default_view_is_of_the_shared_pool_and_null_is_refused()
    {
        var pool = new PooledMemoryStreamObjectPool();
        Assert.Same(PooledMemoryStreamPool.Shared, pool.Pool);
        Assert.Throws<ArgumentNullException>("obj", () => pool.Return(null!));
    }
}

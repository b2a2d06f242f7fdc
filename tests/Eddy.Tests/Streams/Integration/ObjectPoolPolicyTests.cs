using System.Buffers;
using Eddy.Tests.Streams.Infrastructure;
using Microsoft.Extensions.ObjectPool;

namespace Eddy.Tests.Streams.Integration;

public sealed class ObjectPoolPolicyTests
{
    [Fact]
    public void DefaultObjectPool_reuses_emptied_streams_and_drops_disposed_ones()
    {
        var bytes = new StreamTestPool();
        var pool = new DefaultObjectPool<PooledMemoryStream>(new PooledMemoryStreamPooledObjectPolicy(new PooledMemoryStreamOptions { Pool = bytes }));
        PooledMemoryStream stream = pool.Get();
        stream.Write(new byte[3000]);
        pool.Return(stream);
        Assert.Equal(0, bytes.Outstanding);

        PooledMemoryStream again = pool.Get();
        Assert.Same(stream, again);
        Assert.Equal(0, again.Length);
        again.Dispose();
        pool.Return(again);
        Assert.NotSame(again, pool.Get());
        bytes.AssertAllReturned();
    }
}

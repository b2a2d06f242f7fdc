using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Eddy.Tests.Infrastructure;
using Eddy.Tests.Streams.Infrastructure;

namespace Eddy.Tests.Streams;

public sealed class PooledMemoryStreamPoolTests
{
    [Fact]
    public void Rent_gives_an_empty_open_stream_and_Dispose_brings_it_back()
    {
        var bytes = new StreamTestPool();
        var pool = new PooledMemoryStreamPool(new PooledMemoryStreamOptions { Pool = bytes });
        PooledMemoryStream first = pool.Rent();
        Assert.True(first.CanWrite);
        Assert.Equal(0, first.Length);
        first.Write(new byte[5000]);
        first.Position = 17;
        first.Dispose();
        Assert.Equal(0, bytes.Outstanding);

        PooledMemoryStream second = pool.Rent();
        Assert.Same(first, second);
        Assert.Equal(0, second.Length);
        Assert.Equal(0, second.Position);
        Assert.True(second.CanRead);
        second.Dispose();
        bytes.AssertAllReturned();
    }

    [Fact]
    public void A_returned_stream_throws_ObjectDisposedException_until_rented_again_and_a_second_Dispose_does_nothing()
    {
        var pool = new PooledMemoryStreamPool(maximumRetained: 2);
        PooledMemoryStream stream = pool.Rent();
        stream.WriteByte(1);
        stream.Dispose();
        Assert.False(stream.CanRead);
        Assert.Throws<ObjectDisposedException>(() => stream.WriteByte(1));
        Assert.Throws<ObjectDisposedException>(() => stream.Length);
        stream.Dispose();
        Assert.Same(stream, pool.Rent());
        // Disposed twice but kept once: the next rental is a new stream.
        Assert.NotSame(stream, pool.Rent());
    }

    [Fact]
    public void Only_the_pool_s_own_streams_go_back_to_it()
    {
        var pool = new PooledMemoryStreamPool();
        var other = new PooledMemoryStreamPool();
        var plain = new PooledMemoryStream();
        plain.Dispose();
        PooledMemoryStream mine = pool.Rent();
        mine.Dispose();
        Assert.Same(mine, pool.Rent());
        Assert.NotSame(mine, other.Rent());
        Assert.NotSame(plain, pool.Rent());
    }

    [Fact]
    public void Steady_state_rent_write_dispose_allocates_nothing()
    {
        var pool = new PooledMemoryStreamPool();
        byte[] piece = new byte[1000];
        AllocationAssert.NoneInSteadyState(() =>
        {
            for (int i = 0; i < 1000; i++)
            {
                using PooledMemoryStream stream = pool.Rent();
                stream.Write(piece);
                stream.Write(piece);
            }
        });
    }

    [Fact]
    public void The_pool_keeps_at_most_MaximumRetained_streams()
    {
        var pool = new PooledMemoryStreamPool(maximumRetained: 2);
        Assert.Equal(2, pool.MaximumRetained);
        PooledMemoryStream[] rented = Enumerable.Range(0, 4).Select(_ => pool.Rent()).ToArray();
        foreach (PooledMemoryStream stream in rented)
        {
            stream.Dispose();
        }

        var again = new HashSet<PooledMemoryStream>(Enumerable.Range(0, 4).Select(_ => pool.Rent()));
        Assert.Equal(2, again.Count(rented.Contains));
        Assert.Throws<ArgumentOutOfRangeException>("maximumRetained", () => new PooledMemoryStreamPool(maximumRetained: -1));
        Assert.Equal(4 * Environment.ProcessorCount, new PooledMemoryStreamPool().MaximumRetained);
        Assert.Same(PooledMemoryStreamPool.Shared, PooledMemoryStreamPool.Shared);
    }

    [Fact]
    public void Streams_use_the_pool_options()
    {
        var options = new PooledMemoryStreamOptions { Mode = PooledMemoryStreamMode.Segmented };
        var pool = new PooledMemoryStreamPool(options);
        Assert.Same(options, pool.Options);
        using PooledMemoryStream stream = pool.Rent();
        Assert.Same(options, stream.Options);
        stream.WriteByte(1);
        Assert.False(stream.IsContiguous);
    }

    [Fact]
    public async Task Concurrent_rent_and_return_hands_each_stream_to_one_renter_at_a_time()
    {
        var pool = new PooledMemoryStreamPool(maximumRetained: 4);
        var inUse = new HashSet<PooledMemoryStream>();
        await Task.WhenAll(Enumerable.Range(0, 4).Select(worker => Task.Run(() =>
        {
            byte[] piece = new byte[100];
            for (int i = 0; i < 5_000; i++)
            {
                PooledMemoryStream stream = pool.Rent();
                lock (inUse)
                {
                    Assert.True(inUse.Add(stream), "a stream was rented twice at once");
                }

                stream.Write(piece);
                Assert.Equal(100, stream.Length);
                lock (inUse)
                {
                    inUse.Remove(stream);
                }

                stream.Dispose();
            }
        })));
    }
}

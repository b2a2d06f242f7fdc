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
    public void A_returned_stream_throws_ObjectDisposedException_until_rented_again()
    {
        var pool = new PooledMemoryStreamPool();
        PooledMemoryStream stream = pool.Rent();
        stream.WriteByte(1);
        pool.Return(stream);
        Assert.False(stream.CanRead);
        Assert.Throws<ObjectDisposedException>(() => stream.WriteByte(1));
        Assert.Throws<ObjectDisposedException>(() => stream.Length);
        stream.Dispose();
        Assert.Same(stream, pool.Rent());
    }

    [Fact]
    public void Double_and_foreign_returns_are_rejected()
    {
        var pool = new PooledMemoryStreamPool();
        var other = new PooledMemoryStreamPool();
        PooledMemoryStream stream = pool.Rent();
        Assert.Throws<ArgumentException>("stream", () => other.Return(stream));
        Assert.Throws<ArgumentException>("stream", () => pool.Return(new PooledMemoryStream()));
        Assert.Throws<ArgumentNullException>("stream", () => pool.Return(null!));
        pool.Return(stream);
        Assert.Throws<InvalidOperationException>(() => pool.Return(stream));
    }

    [Fact]
    public void A_stale_lease_cannot_reach_the_next_renter()
    {
        var pool = new PooledMemoryStreamPool();
        PooledMemoryStreamLease lease = pool.RentLease();
        lease.Stream.Write(new byte[] { 1, 2, 3 });
        PooledMemoryStream original = lease.Stream;
        PooledMemoryStreamLease stale = lease;
        lease.Dispose();
        Assert.False(stale.IsActive);
        Assert.Throws<ObjectDisposedException>(() => stale.Stream);

        using PooledMemoryStreamLease next = pool.RentLease();
        Assert.Same(original, next.Stream);
        Assert.False(stale.IsActive);
        Assert.Throws<ObjectDisposedException>(() => stale.Stream);
        stale.Dispose();
        Assert.True(next.IsActive);
        Assert.True(next.Stream.CanWrite);
        Assert.NotEqual(stale, next);
        Assert.Throws<ObjectDisposedException>(() => default(PooledMemoryStreamLease).Stream);
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
                using PooledMemoryStreamLease lease = pool.RentLease();
                lease.Stream.Write(piece);
                lease.Stream.Write(piece);
            }
        });
    }

    [Fact]
    public void The_pool_keeps_at_most_MaxRetained_streams()
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

using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Eddy.Diagnostics;
using Eddy.Pooling;
using Eddy.Tests.Diagnostics;
using Eddy.Tests.Pooling.SelfReturning;

namespace Eddy.Tests.Pooling;

[Collection(LeakTrackingCollection.Name)]
public class PoolRegistryTests
{
    [Fact]
    public void The_diagnostics_observe_the_pools_from_the_start() =>
        Assert.IsType<PoolMetrics.PoolObserver>(PoolRegistry.Observer);

    [Fact]
    public void An_observer_attached_after_the_first_pool_hears_of_pools_and_trims()
    {
        GC.KeepAlive(SelfReturningBufferPool.Shared);
        IPoolObserver? attached = PoolRegistry.Observer;
        var observer = new RecordingObserver();
        try
        {
            PoolRegistry.Observe(observer);
            Assert.Equal(1, observer.Added);

            var pool = new SelfReturningBufferPool(new CountingArrayPool());
            Assert.Equal(2, observer.Added);

            pool.Rent(100).Dispose();
            Assert.Equal(1, pool.Trim());
            Assert.Equal(0, pool.Trim());
            Assert.Equal([128L], observer.TrimsOf(nameof(SelfReturningBufferPool)));
        }
        finally
        {
            PoolRegistry.Observe(attached!);
        }
    }

    [Fact]
    public void A_collected_pool_keeps_its_counts_with_nothing_retained()
    {
        (long rented, WeakReference gone) = UseAPoolAndDropIt();
        Gc.CollectAll();

        PoolCounters after = Sum(PoolRegistry.SelfReturningKind);

        Assert.False(gone.IsAlive);
        Assert.True(after.RentedBytes >= rented, $"{after.RentedBytes} < {rented}");
    }

    [Fact]
    public void Pools_of_one_kind_are_summed_into_one_total_and_a_collected_one_is_counted_once()
    {
        // A kind of its own, so that no other test's pools change its totals.
        string kind = "test-" + Guid.NewGuid().ToString("N");
        var live = new object();
        PoolRegistry.Add(kind, live, static _ => new PoolCounters(100, 10, 1, 0, 50));
        WeakReference gone = AddAndDrop(kind);

        List<KeyValuePair<string, PoolCounters>> first = PoolRegistry.Collect();
        Assert.Single(first, pair => pair.Key == kind);
        Assert.Equal(new PoolCounters(300, 30, 3, 0, 150), Sum(kind));

        Gc.CollectAll();
        Assert.False(gone.IsAlive);

        // The dropped pool's last counts stay, without what it retained, in the first collection after it went and
        // in every one after that.
        var expected = new PoolCounters(300, 30, 3, 0, 50);
        Assert.Equal(expected, Sum(kind));
        Assert.Equal(expected, Sum(kind));
        Assert.Single(PoolRegistry.Collect(), pair => pair.Key == kind);
        GC.KeepAlive(live);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static WeakReference AddAndDrop(string kind)
    {
        var pool = new object();
        PoolRegistry.Add(kind, pool, static _ => new PoolCounters(200, 20, 2, 0, 100));
        PoolRegistry.Collect();
        return new WeakReference(pool);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static (long Rented, WeakReference Pool) UseAPoolAndDropIt()
    {
        var pool = new SelfReturningBufferPool(new CountingArrayPool());
        pool.Rent(1000).Dispose();
        long rented = Sum(PoolRegistry.SelfReturningKind).RentedBytes;
        Assert.True(rented >= 1024);
        return (rented, new WeakReference(pool));
    }

    private static PoolCounters Sum(string kind)
    {
        PoolCounters total = default;
        foreach (KeyValuePair<string, PoolCounters> pair in PoolRegistry.Collect())
        {
            if (pair.Key == kind)
            {
                total += pair.Value;
            }
        }

        return total;
    }

    private sealed class RecordingObserver : IPoolObserver
    {
        private readonly List<(string Pool, long Bytes)> _trims = new();

        public int Added { get; private set; }

        public List<long> TrimsOf(string poolName)
        {
            lock (_trims)
            {
                return _trims.FindAll(t => t.Pool == poolName).ConvertAll(t => t.Bytes);
            }
        }

        public void OnPoolAdded() => Added++;

        public void OnTrimmed(string poolName, long bytes)
        {
            lock (_trims)
            {
                _trims.Add((poolName, bytes));
            }
        }
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using Eddy.Diagnostics;
using Eddy.Lifetime;
using Eddy.Tests.Infrastructure;
using Eddy.Tests.Diagnostics;

namespace Eddy.Tests.Lifetime;

[Collection(LeakTrackingCollection.Name)]
public class RescueGuardTests
{
    [Fact]
    public void A_dropped_owner_gets_its_resources_rescued_once()
    {
        FakeChunks chunks = CreateAndDrop();
        Gc.CollectAll();
        Gc.CollectAll();
        Assert.Equal(1, chunks.Rescues);
    }

    [Fact]
    public void A_disposed_owner_is_never_rescued()
    {
        FakeChunks chunks = CreateAndDispose();
        Gc.CollectAll();
        Assert.Equal(0, chunks.Rescues);
    }

    [Fact]
    public void A_recycled_guard_still_rescues_a_dropped_owner()
    {
        // Fill this thread's cache with disarmed guards, so the next Arm reuses one.
        for (int i = 0; i < RescueGuard.CacheSize; i++)
        {
            CreateAndDispose();
        }

        Gc.CollectAll(); // the recycled guards age; a suppressed guard must stay registered
        FakeChunks chunks = CreateAndDrop();
        Gc.CollectAll();
        Gc.CollectAll();
        Assert.Equal(1, chunks.Rescues);
    }

    [Fact]
    public void A_disarmed_guard_is_the_next_one_armed_on_its_thread_while_the_cache_has_room()
    {
        var owner = new object();
        var chunks = new FakeChunks();
        FreshThread.Run(() =>
        {
            // A fresh thread: an empty cache. One guard more than it holds.
            var guards = new List<RescueGuard>();
            for (int i = 0; i <= RescueGuard.CacheSize; i++)
            {
                guards.Add(RescueGuard.Arm(owner, chunks));
            }

            Assert.Equal(guards.Count, new HashSet<RescueGuard>(guards).Count);
            guards.ForEach(g => g.Disarm());

            // The first CacheSize went into the cache; the last found it full and was left to the GC.
            var again = new List<RescueGuard>();
            for (int i = 0; i <= RescueGuard.CacheSize; i++)
            {
                again.Add(RescueGuard.Arm(owner, chunks));
            }

            Assert.Equal(guards.Take(RescueGuard.CacheSize).Reverse(), again.Take(RescueGuard.CacheSize));
            Assert.DoesNotContain(again[RescueGuard.CacheSize], guards);
            again.ForEach(g => g.Disarm());
        });

        Assert.Equal(0, chunks.Rescues);
    }

    [Fact]
    public void Rescues_are_counted_and_reported_with_the_owner_type()
    {
        long before = LeakTracker.RescuedCount;
        int reported = 0;
        EventHandler<LeakDetectedEventArgs> handler = (_, e) =>
        {
            if (e.LeakedType == typeof(FakeOwner) && e.Bytes == FakeChunks.Bytes)
            {
                Interlocked.Increment(ref reported);
            }
        };
        LeakTracker.LeakDetected += handler;
        try
        {
            CreateAndDrop();
            Gc.CollectAll();
            Gc.CollectAll();
        }
        finally
        {
            LeakTracker.LeakDetected -= handler;
        }

        Assert.Equal(1, reported);
        Assert.True(LeakTracker.RescuedCount >= before + 1);
    }

    [Fact]
    public void Rescues_without_an_observer_are_counted_and_an_observer_attached_later_hears_the_next_ones()
    {
        IRescueObserver? attached = Rescues.Observer;
        var late = new RecordingObserver();
        try
        {
            Rescues.Observer = null;
            long count = Rescues.Count;
            long bytes = Rescues.Bytes;
            FakeChunks unobserved = CreateAndDrop();
            Gc.CollectAll();
            Gc.CollectAll();

            Assert.Equal(1, unobserved.Rescues);
            Assert.True(Rescues.Count >= count + 1);
            Assert.True(Rescues.Bytes >= bytes + FakeChunks.Bytes);
            Assert.Equal(Rescues.Count, LeakTracker.RescuedCount);

            Rescues.Observer = late;
            FakeChunks observed = CreateAndDrop();
            Gc.CollectAll();
            Gc.CollectAll();

            Assert.Equal(1, observed.Rescues);
            Assert.True(Rescues.Count >= count + 2);
            Assert.Equal([(typeof(FakeOwner), FakeChunks.Bytes)], late.Reports.FindAll(r => r.Item1 == typeof(FakeOwner)));
        }
        finally
        {
            Rescues.Observer = attached;
        }
    }

    [Fact]
    public void The_diagnostics_observe_the_lifetime_layer_from_the_start() =>
        Assert.IsType<LeakTracker.RescueObserver>(Rescues.Observer);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static FakeChunks CreateAndDrop() => new FakeOwner().Chunks;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static FakeChunks CreateAndDispose()
    {
        var owner = new FakeOwner();
        owner.Dispose();
        owner.Dispose();
        return owner.Chunks;
    }

    /// <summary>Stands in for a stream: its chunks live in a separate object that does not point back.</summary>
    private sealed class FakeOwner : IDisposable
    {
        private RescueGuard? _guard;

        public FakeOwner() => _guard = RescueGuard.Arm(this, Chunks);

        public FakeChunks Chunks { get; } = new();

        public void Dispose()
        {
            RescueGuard? guard = _guard;
            _guard = null;
            guard?.Disarm();
        }
    }

    private sealed class FakeChunks : IRescuable
    {
        public const long Bytes = 54_321;

        private int _rescues;

        public int Rescues => Volatile.Read(ref _rescues);

        public long Rescue(bool clear)
        {
            Interlocked.Increment(ref _rescues);
            return Bytes;
        }
    }

    private sealed class RecordingObserver : IRescueObserver
    {
        private readonly List<(Type, long)> _reports = new();

        public bool WantsReports => true;

        public List<(Type, long)> Reports
        {
            get
            {
                lock (_reports)
                {
                    return new List<(Type, long)>(_reports);
                }
            }
        }

        public void OnRescued(Type leakedType, long bytes, System.Diagnostics.StackTrace? creationStack)
        {
            lock (_reports)
            {
                _reports.Add((leakedType, bytes));
            }
        }
    }
}

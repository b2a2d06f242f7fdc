using System;
using System.Runtime.CompilerServices;
using System.Threading;
using Eddy.Diagnostics;

namespace Eddy.Tests.Diagnostics;

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

        public long Rescue()
        {
            Interlocked.Increment(ref _rescues);
            return Bytes;
        }
    }
}

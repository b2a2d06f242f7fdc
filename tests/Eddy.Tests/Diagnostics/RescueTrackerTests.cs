using System;
using System.Runtime.CompilerServices;
using System.Threading;
using Eddy.Diagnostics;

namespace Eddy.Tests.Diagnostics;

[Collection(LeakTrackingCollection.Name)]
public class RescueTrackerTests
{
    [Fact]
    public void A_dropped_owner_gets_its_resources_rescued_once()
    {
        var tracker = new RescueTracker();
        FakeChunks chunks = TrackAndDrop(tracker);

        Gc.CollectAll();
        tracker.Sweep();
        tracker.Sweep();

        Assert.Equal(1, chunks.Rescues);
        Assert.Equal(0, tracker.TrackedCount);
    }

    [Fact]
    public void A_disposed_owner_is_never_rescued()
    {
        var tracker = new RescueTracker();
        FakeChunks chunks = TrackAndDispose(tracker);

        Gc.CollectAll();
        tracker.Sweep();

        Assert.Equal(0, chunks.Rescues);
        Assert.Equal(0, tracker.TrackedCount);
    }

    [Fact]
    public void A_live_owner_is_not_rescued()
    {
        var tracker = new RescueTracker();
        var owner = new FakeOwner(tracker);

        Gc.CollectAll();
        tracker.Sweep();

        Assert.Equal(0, owner.Chunks.Rescues);
        Assert.Equal(1, tracker.TrackedCount);
        owner.Dispose();
    }

    [Fact]
    public void A_repeated_Dispose_cannot_untrack_the_next_owner_of_the_slot()
    {
        var tracker = new RescueTracker();
        var first = new FakeOwner(tracker);
        int firstTicket = first.Ticket;
        first.Dispose();

        FakeChunks secondChunks = TrackAndDrop(tracker); // reuses the first owner's slot
        tracker.Untrack(firstTicket, first.Chunks);      // a stale untrack: must not touch the second owner

        Gc.CollectAll();
        tracker.Sweep();
        Assert.Equal(1, secondChunks.Rescues);
    }

    [Fact]
    public void Rescues_are_counted_and_published_by_the_next_Track()
    {
        var tracker = new RescueTracker();
        long before = LeakTracker.RescuedCount;
        int published = 0;
        EventHandler<LeakDetectedEventArgs> handler = (_, e) =>
        {
            if (e.LeakedType == typeof(FakeOwner) && e.Bytes == FakeChunks.Bytes)
            {
                Interlocked.Increment(ref published);
            }
        };
        LeakTracker.LeakDetected += handler;
        try
        {
            TrackAndDrop(tracker);
            Gc.CollectAll();
            new FakeOwner(tracker).Dispose(); // Track sweeps first
        }
        finally
        {
            LeakTracker.LeakDetected -= handler;
        }

        Assert.Equal(1, published);
        Assert.True(LeakTracker.RescuedCount >= before + 1);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static FakeChunks TrackAndDrop(RescueTracker tracker) => new FakeOwner(tracker).Chunks;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static FakeChunks TrackAndDispose(RescueTracker tracker)
    {
        var owner = new FakeOwner(tracker);
        owner.Dispose();
        owner.Dispose();
        return owner.Chunks;
    }

    /// <summary>Stands in for a stream: it owns chunks through a separate object that does not point back.</summary>
    private sealed class FakeOwner : IDisposable
    {
        private readonly RescueTracker _tracker;

        public FakeOwner(RescueTracker tracker)
        {
            _tracker = tracker;
            Ticket = tracker.Track(this, Chunks);
        }

        public FakeChunks Chunks { get; } = new();

        public int Ticket { get; }

        public void Dispose() => _tracker.Untrack(Ticket, Chunks);
    }

    private sealed class FakeChunks : IRescuable
    {
        public const long Bytes = 12_345;

        private int _rescues;

        public int Rescues => Volatile.Read(ref _rescues);

        public long Rescue()
        {
            Interlocked.Increment(ref _rescues);
            return Bytes;
        }
    }
}

using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Eddy.Diagnostics;
using Eddy.Lifetime;
using Eddy.Pooling;
using Eddy.Tests.Pooling.SelfReturning;

namespace Eddy.Tests.Diagnostics;

[Collection(LeakTrackingCollection.Name)]
public sealed class LeakTrackerTests : IDisposable
{
    private readonly int _originalInterval = LeakTracker.SamplingInterval;

    public void Dispose() => LeakTracker.SamplingInterval = _originalInterval;

    [Theory]
    [InlineData(0, 0)]
    [InlineData(1, 1)]
    [InlineData(3, 4)]
    [InlineData(4096, 4096)]
    [InlineData(LeakTracker.DefaultSamplingInterval, 65536)]
    [InlineData(5000, 8192)]
    [InlineData(40000, 65536)]
    public void SamplingInterval_rounds_up_to_a_power_of_two(int requested, int expected)
    {
        LeakTracker.SamplingInterval = requested;
        Assert.Equal(expected, LeakTracker.SamplingInterval);
    }

    [Fact]
    public void SamplingInterval_rejects_negative_values() =>
        Assert.Throws<ArgumentOutOfRangeException>(() => LeakTracker.SamplingInterval = -1);

    [Fact]
    public void Sampling_captures_one_creation_in_the_interval()
    {
        LeakTracker.SamplingInterval = 4;
        int creations = 0;
        int sampled = 0;
        for (int i = 0; i < 64; i++)
        {
            if (Rescues.ShouldSample(ref creations))
            {
                sampled++;
            }
        }

        Assert.Equal(16, sampled);
        Assert.Equal(64, creations);
    }

    [Fact]
    public void A_captured_creation_stack_starts_at_the_tracking_code_s_caller() =>
        Assert.Contains(nameof(A_captured_creation_stack_starts_at_the_tracking_code_s_caller), CaptureThroughHelper().ToString(), StringComparison.Ordinal);

    [Fact]
    public void Sampling_off_captures_nothing()
    {
        LeakTracker.SamplingInterval = 0;
        int creations = 0;
        for (int i = 0; i < 1000; i++)
        {
            Assert.False(Rescues.ShouldSample(ref creations));
        }
    }

    [Fact]
    public void LeakDetected_reports_the_type_the_bytes_and_the_creation_stack()
    {
        LeakTracker.SamplingInterval = 1;
        var pool = new SelfReturningBufferPool(new CountingArrayPool());
        var leaks = new List<LeakDetectedEventArgs>();
        EventHandler<LeakDetectedEventArgs> handler = (_, e) =>
        {
            lock (leaks)
            {
                leaks.Add(e);
            }
        };
        LeakTracker.LeakDetected += handler;
        long countBefore = LeakTracker.RescuedCount;
        long bytesBefore = LeakTracker.RescuedBytes;
        try
        {
            LeakOneBuffer(pool);
            Gc.CollectAll();
            pool.Rent(1).Dispose();
        }
        finally
        {
            LeakTracker.LeakDetected -= handler;
        }

        LeakDetectedEventArgs leak;
        lock (leaks)
        {
            leak = Assert.Single(leaks, e => e.Bytes == 2048 && e.LeakedType == typeof(SelfReturningBuffer));
        }

        Assert.NotNull(leak.AllocationStackTrace);
        Assert.Contains(nameof(LeakOneBuffer), leak.AllocationStackTrace!.ToString(), StringComparison.Ordinal);
        Assert.Contains(nameof(LeakOneBuffer), leak.ToString(), StringComparison.Ordinal);
        Assert.True(LeakTracker.RescuedCount >= countBefore + 1);
        Assert.True(LeakTracker.RescuedBytes >= bytesBefore + 2048);
    }

    [Fact]
    public void Unsampled_leaks_are_reported_without_a_stack()
    {
        LeakTracker.SamplingInterval = 0;
        var pool = new SelfReturningBufferPool(new CountingArrayPool());
        var leaks = new List<LeakDetectedEventArgs>();
        EventHandler<LeakDetectedEventArgs> handler = (_, e) =>
        {
            lock (leaks)
            {
                leaks.Add(e);
            }
        };
        LeakTracker.LeakDetected += handler;
        try
        {
            LeakOneBuffer(pool);
            Gc.CollectAll();
            pool.Rent(1).Dispose();
        }
        finally
        {
            LeakTracker.LeakDetected -= handler;
        }

        lock (leaks)
        {
            LeakDetectedEventArgs leak = Assert.Single(leaks, e => e.Bytes == 2048);
            Assert.Null(leak.AllocationStackTrace);
            Assert.Contains("not sampled", leak.ToString(), StringComparison.Ordinal);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static System.Diagnostics.StackTrace CaptureThroughHelper() => Rescues.CaptureCreationStack();

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void LeakOneBuffer(SelfReturningBufferPool pool) => pool.Rent(2000)[0] = 1;
}

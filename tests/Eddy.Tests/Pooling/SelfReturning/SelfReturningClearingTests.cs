using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Eddy.Pooling;
using Eddy.Tests.Diagnostics;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Pooling.SelfReturning;

/// <summary>
/// Clear-on-return for self-returning buffers: the pool keeps arrays between rents, so it must zero them itself,
/// whether asked to or because its backing pool clears, for disposed and rescued buffers alike.
/// </summary>
[Collection(LeakTrackingCollection.Name)]
public class SelfReturningClearingTests
{
    [Fact]
    public void A_buffer_rented_after_a_disposed_one_shows_none_of_its_bytes_when_the_backing_BlockPool_clears()
    {
        var pool = new SelfReturningBufferPool(new BlockPool(new BlockPoolOptions { ClearOnReturn = true }));
        SelfReturningBuffer first = pool.Rent(4096);
        first.Span.Fill(0xA5);
        first.Dispose();

        using SelfReturningBuffer second = pool.Rent(4096);
        Assert.Equal(0, NonZero(second.Span));
    }

    [Fact]
    public void ClearOnReturn_is_off_by_default_and_follows_a_backing_pool_that_clears()
    {
        Assert.False(new SelfReturningBufferPool().ClearOnReturn);
        Assert.False(SelfReturningBufferPool.Shared.ClearOnReturn);
        Assert.False(new SelfReturningBufferPool(new BlockPool()).ClearOnReturn);
        Assert.False(new SelfReturningBufferPool(new EddyArrayPool<byte>(1024, 8, clearOnReturn: false)).ClearOnReturn);
        Assert.True(new SelfReturningBufferPool(clearOnReturn: true).ClearOnReturn);
        Assert.True(new SelfReturningBufferPool(new BlockPool(new BlockPoolOptions { ClearOnReturn = true })).ClearOnReturn);
        Assert.True(new SelfReturningBufferPool(new EddyArrayPool<byte>(1024, 8, clearOnReturn: true)).ClearOnReturn);
    }

    [Fact]
    public void Without_clearing_a_kept_array_keeps_its_bytes()
    {
        // The contrast the option exists for: contents are undefined unless clearing is on.
        var pool = new SelfReturningBufferPool(new AuditingArrayPool<byte>());
        SelfReturningBuffer first = pool.Rent(4096);
        first.Span.Fill(0xA5);
        first.Dispose();

        using SelfReturningBuffer second = pool.Rent(4096);
        Assert.Equal(4096, NonZero(second.Span));
    }

    [Fact]
    public void ClearOnReturn_zeroes_disposed_buffers_and_hands_only_zeros_to_the_backing_pool()
    {
        var backing = new AuditingArrayPool<byte>();
        var pool = new SelfReturningBufferPool(backing, clearOnReturn: true);
        SelfReturningBuffer first = pool.Rent(5000);
        first.Span.Fill(0xA5);
        first.Dispose();

        SelfReturningBuffer second = pool.Rent(5000);
        Assert.Equal(0, NonZero(second.Span));
        second.Span.Fill(0x5A);
        second.Dispose();
        Assert.Equal(1, pool.Trim());

        backing.AssertAllReturned();
        backing.AssertReturnedClean();
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_rescued_buffer_s_array_is_zeroed_before_the_pool_keeps_it(bool followBackingPool)
    {
        var backing = new AuditingArrayPool<byte>();
        SelfReturningBufferPool pool = followBackingPool
            ? new SelfReturningBufferPool(new BlockPool(new BlockPoolOptions { ClearOnReturn = true }))
            : new SelfReturningBufferPool(backing, clearOnReturn: true);

        RentFillAndDrop(pool, 5000);
        for (int attempt = 0; attempt < 10 && pool.GetStatistics().RescuedCount == 0; attempt++)
        {
            // One collection at a time, each followed by a rent (which also sweeps), so the pool never looks idle
            // and the rescued array stays in it rather than being trimmed to the backing pool.
            GC.Collect();
            GC.WaitForPendingFinalizers();
            pool.Rent(16).Dispose();
        }

        Assert.Equal(1, pool.GetStatistics().RescuedCount);
        using (SelfReturningBuffer next = pool.Rent(5000))
        {
            Assert.Equal(0, NonZero(next.Span));
        }

        pool.Trim();
        backing.AssertReturnedClean();
    }

    /// <summary>
    /// Random rents of random lengths, each filled, then disposed or dropped, with collections (rescues, idle trims)
    /// and trims between: every buffer must start all zero, and every array handed to the backing pool be zero.
    /// </summary>
    [Fact]
    public void Every_rent_starts_zeroed_and_every_array_handed_on_is_zero_over_random_sequences()
    {
        for (int seed = 0; seed < 5; seed++)
        {
            var random = new Random(seed);
            var backing = new AuditingArrayPool<byte>();
            var pool = new SelfReturningBufferPool(backing, maximumRetainedBytes: random.Next(2) == 0 ? 64 * 1024 : 1 << 20, clearOnReturn: true);
            var live = new List<SelfReturningBuffer>();
            for (int step = 0; step < 120; step++)
            {
                string context = $"seed {seed}, step {step}";
                switch (random.Next(10))
                {
                    case < 5:
                    {
                        SelfReturningBuffer buffer = pool.Rent(random.Next(3) == 0 ? random.Next(0, 40_000) : random.Next(0, 2000));
                        Assert.True(NonZero(buffer.Span) == 0, $"{context}: a rented buffer holds old bytes");
                        buffer.Span.Fill((byte)random.Next(1, 256));
                        live.Add(buffer);
                        break;
                    }

                    case < 8 when live.Count > 0:
                    {
                        int index = random.Next(live.Count);
                        live[index].Dispose();
                        live.RemoveAt(index);
                        break;
                    }

                    case 8 when live.Count > 0:
                        // Dropped undisposed: rescued after a collection.
                        live.RemoveAt(random.Next(live.Count));
                        Gc.CollectAll();
                        break;

                    default:
                        pool.Trim();
                        break;
                }

                backing.AssertReturnedClean(context);
            }

            foreach (SelfReturningBuffer buffer in live)
            {
                buffer.Dispose();
            }

            pool.Trim();
            backing.AssertReturnedClean($"seed {seed}, end");
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RentFillAndDrop(SelfReturningBufferPool pool, int length) => pool.Rent(length).Span.Fill(0xC3);

    private static int NonZero(ReadOnlySpan<byte> bytes) => bytes.Length - bytes.Count((byte)0);
}

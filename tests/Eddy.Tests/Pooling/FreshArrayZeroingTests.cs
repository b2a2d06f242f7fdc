using System;
using System.Linq;
using Eddy.Pooling;

namespace Eddy.Tests.Pooling;

/// <summary>
/// A pool that clears on return hands out only zeroed arrays, fresh ones included: memory the runtime gives back
/// uninitialized can hold the bytes of arrays the process freed before, which may be another user's.
/// </summary>
public class FreshArrayZeroingTests
{
    private const int Length = 1 << 20;
    private const byte Secret = 0xA5;

    [Fact]
    public void A_clearing_block_pool_allocates_zeroed_blocks()
    {
        AssertFreshArraysAreZero(() => new BlockPool(new BlockPoolOptions { ClearOnReturn = true }).Rent(Length));
    }

    [Fact]
    public void A_clearing_eddy_array_pool_allocates_zeroed_arrays()
    {
        AssertFreshArraysAreZero(() => new EddyArrayPool<byte>(Length, 1, clearOnReturn: true).Rent(Length));
    }

    [Fact]
    public void A_clearing_fixed_pool_allocates_zeroed_arrays()
    {
        AssertFreshArraysAreZero(() => new FixedArrayPool<byte, L4096>(4, clearOnReturn: true).Rent());
        AssertFreshArraysAreZero(() => new ConcurrentFixedArrayPool<byte, L4096>(4, clearOnReturn: true).Rent());
    }

    private static void AssertFreshArraysAreZero(Func<byte[]> rentFresh)
    {
        // Large arrays freed by a collection leave their bytes where the next uninitialized allocation lands.
        for (int round = 0; round < 8; round++)
        {
            LitterTheHeap();
            byte[] fresh = rentFresh();
            int dirty = fresh.Count(b => b != 0);
            Assert.True(dirty == 0, $"round {round}: {dirty} of {fresh.Length} bytes of a fresh array were not zero");
        }
    }

    private static void LitterTheHeap()
    {
        for (int i = 0; i < 16; i++)
        {
            var litter = new byte[Length];
            litter.AsSpan().Fill(Secret);
            GC.KeepAlive(litter);
        }

        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
    }
}

using System;
using System.Buffers;
using System.Collections.Generic;
using Eddy.Benchmarks.Harness;
using Eddy.Benchmarks.Workloads;

namespace Eddy.Benchmarks.Tests;

/// <summary>The [layout] workload's pool: where it places blocks, and that it hands out only the blocks it placed.</summary>
public class ArrangedBlockPoolTests
{
    /// <summary>Rents 4, 8 and 16 KiB blocks and holds them all, then returns them.</summary>
    private static void RentThreeSizes(ArrayPool<byte> pool)
    {
        byte[] a = pool.Rent(4096);
        byte[] b = pool.Rent(8192);
        byte[] c = pool.Rent(16384);
        pool.Return(c);
        pool.Return(b);
        pool.Return(a);
    }

    [Fact]
    public void Back_to_back_blocks_sit_a_header_apart_and_spread_ones_about_a_kibibyte()
    {
        ArrangedBlockPool backToBack = ArrangedBlockPool.Create(BlockLayout.BackToBack, RentThreeSizes);
        ArrangedBlockPool spread = ArrangedBlockPool.Create(BlockLayout.Spread, RentThreeSizes);

        Assert.Equal(3, backToBack.BlockCount);
        Assert.Equal(3, spread.BlockCount);

        // Another thread's pinned allocation could land in between; it would move a distance, never shrink it below a header.
        Assert.All(backToBack.NeighbourDistances(), distance => Assert.InRange(distance, 24, 63));
        Assert.All(spread.NeighbourDistances(), distance => Assert.InRange(distance, 1000, 4095));
    }

    [Fact]
    public void Blocks_of_a_length_come_back_last_returned_first()
    {
        var first = new List<byte[]>();
        ArrangedBlockPool pool = ArrangedBlockPool.Create(BlockLayout.BackToBack, p =>
        {
            byte[] x = p.Rent(4096);
            byte[] y = p.Rent(4096);
            p.Return(x);
            p.Return(y);
            first.Add(x);
            first.Add(y);
        });

        // The operation ran twice; its second run returned first[^2] and then first[^1].
        Assert.Equal(2, pool.BlockCount);
        Assert.Same(first[^1], pool.Rent(4096));
        Assert.Same(first[^2], pool.Rent(4096));
    }

    [Fact]
    public void A_rent_past_the_placed_blocks_throws()
    {
        ArrangedBlockPool pool = ArrangedBlockPool.Create(BlockLayout.BackToBack, RentThreeSizes);

        byte[] block = pool.Rent(4096);
        Assert.Equal(4096, block.Length);
        var error = Assert.Throws<InvalidOperationException>(() => pool.Rent(4096));
        Assert.Contains("4096", error.Message, StringComparison.Ordinal);
        Assert.Throws<InvalidOperationException>(() => pool.Rent(64 * 1024));
        Assert.Equal(3, pool.BlockCount);

        pool.Return(block);
        Assert.Same(block, pool.Rent(4096));
    }
}

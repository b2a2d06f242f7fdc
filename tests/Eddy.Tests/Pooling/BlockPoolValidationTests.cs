using System;
using Eddy.Pooling;

namespace Eddy.Tests.Pooling;

/// <summary>The block pool's option checks, its messages and where it allocates.</summary>
public class BlockPoolValidationTests
{
    [Theory]
    [InlineData(256, "256 B")]
    [InlineData(1536, "1536 B")]
    [InlineData(1024, "1 KiB")]
    [InlineData(4096, "4 KiB")]
    [InlineData((1 << 20) + 1024, "1025 KiB")]
    [InlineData(1 << 20, "1 MiB")]
    [InlineData(3L << 20, "3 MiB")]
    [InlineData(1023, "1023 B")]
    public void Lengths_are_worded_in_the_largest_unit_that_divides_them(long length, string expected) =>
        Assert.Equal(expected, BlockPool.FormatLength(length));

    [Theory]
    [InlineData(256, "size class 0 (256 B)")]
    [InlineData(4096, "size class 4 (4 KiB)")]
    [InlineData(1 << 20, "size class 12 (1 MiB)")]
    public void The_double_return_message_names_the_size_class_and_its_length(int length, string expected)
    {
        var pool = new BlockPool(new BlockPoolOptions { TrimOnGen2Collection = false });
        byte[] block = pool.Rent(length);
        pool.Return(block);
        Assert.Contains(expected, Assert.Throws<InvalidOperationException>(() => pool.Return(block)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void The_foreign_length_message_names_the_length_and_the_classes()
    {
        var ex = Assert.Throws<ArgumentException>(() => new BlockPool().Return(new byte[1000]));
        Assert.Contains("length 1000", ex.Message, StringComparison.Ordinal);
        Assert.Contains("from 256 to 1048576", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(nameof(BlockPoolOptions.MaximumRetainedBytes), "-1")]
    [InlineData(nameof(BlockPoolOptions.MaximumBlocksPerStack), "-1")]
    [InlineData(nameof(BlockPoolOptions.MaximumBytesPerStack), "-1")]
    [InlineData(nameof(BlockPoolOptions.IdleTrimDelay), "Must not be negative.")]
    [InlineData(nameof(BlockPoolOptions.PinnedHeapMinimumBlockLength), "Must be 0 or a power of two of at least 256.")]
    [InlineData(nameof(BlockPoolOptions.MaximumBlockLength), "Must be a power of two from 1 MiB to 1 GiB.")]
    public void Each_invalid_option_is_named_in_its_exception(string option, string message)
    {
        BlockPoolOptions options = option switch
        {
            nameof(BlockPoolOptions.MaximumRetainedBytes) => new BlockPoolOptions { MaximumRetainedBytes = -1 },
            nameof(BlockPoolOptions.MaximumBlocksPerStack) => new BlockPoolOptions { MaximumBlocksPerStack = -1 },
            nameof(BlockPoolOptions.MaximumBytesPerStack) => new BlockPoolOptions { MaximumBytesPerStack = -1 },
            nameof(BlockPoolOptions.IdleTrimDelay) => new BlockPoolOptions { IdleTrimDelay = TimeSpan.FromMilliseconds(-1) },
            nameof(BlockPoolOptions.PinnedHeapMinimumBlockLength) => new BlockPoolOptions { PinnedHeapMinimumBlockLength = 128 },
            _ => new BlockPoolOptions { MaximumBlockLength = (1 << 20) + 1 },
        };

        var ex = Assert.Throws<ArgumentOutOfRangeException>(() => new BlockPool(options));
        Assert.Equal(option, ex.ParamName);
        Assert.Contains(message, ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void The_bounds_of_each_option_are_accepted()
    {
        _ = new BlockPool(new BlockPoolOptions
        {
            MaximumBlockLength = 1 << 20,
            MaximumRetainedBytes = 0,
            MaximumBlocksPerStack = 0,
            MaximumBytesPerStack = 0,
            IdleTrimDelay = TimeSpan.Zero,
            PinnedHeapMinimumBlockLength = BlockPool.MinimumBlockLength,
            TrimOnGen2Collection = false,
        });
        Assert.Equal(1 << 30, new BlockPool(new BlockPoolOptions { MaximumBlockLength = 1 << 30, TrimOnGen2Collection = false }).MaximumBlockLength);
        Assert.Throws<ArgumentOutOfRangeException>(() => new BlockPool(new BlockPoolOptions { MaximumBlockLength = int.MinValue }));
    }

#if !EDDY_NETSTANDARD
    [Fact]
    public void Blocks_from_the_pinned_threshold_up_are_allocated_on_the_pinned_heap()
    {
        // Pinned-heap arrays report the oldest generation from birth; ordinary small arrays start in generation 0.
        var pool = new BlockPool(new BlockPoolOptions { PinnedHeapMinimumBlockLength = 4096, TrimOnGen2Collection = false });
        Assert.Equal(GC.MaxGeneration, GC.GetGeneration(pool.Rent(4096)));
        Assert.Equal(GC.MaxGeneration, GC.GetGeneration(pool.Rent(8192)));
        Assert.Equal(0, GC.GetGeneration(pool.Rent(2048)));
        Assert.Equal(0, GC.GetGeneration(new BlockPool(new BlockPoolOptions { TrimOnGen2Collection = false }).Rent(4096)));
    }
#endif
}

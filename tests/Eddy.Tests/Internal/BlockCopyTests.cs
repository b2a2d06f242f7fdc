using System;
using System.Collections.Generic;
using Eddy.Internal;

namespace Eddy.Tests.Internal;

public class BlockCopyTests
{
    /// <summary>
    /// Bytes that do not repeat at any short period: a copy that takes a block from the wrong offset (256 bytes, a
    /// 2 KiB piece off) shows.
    /// </summary>
    private static byte[] Pattern(int length)
    {
        var bytes = new byte[length];
        new Random(length).NextBytes(bytes);
        return bytes;
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(2047)]
    [InlineData(2048)]
    [InlineData(2049)]
    [InlineData(8192)]
    [InlineData(16_384)]
    [InlineData(16_385)]
    [InlineData(70_001)]
    public void Copies_every_byte_at_every_distance_class(int length)
    {
        byte[] source = Pattern(length);
        // One array holds source and destination, so the distance between them is exact.
        byte[] arena = new byte[length * 2 + 3 * 4096];
        source.CopyTo(arena, 0);
        foreach (int distance in new[] { 0, 8, 24, 64, 255, 256, 1000, 4072, 4088 })
        {
            int to = length + 4096 - (length % 4096) + distance;
            Array.Clear(arena, length, arena.Length - length);
            BlockCopy.Copy(new ReadOnlySpan<byte>(arena, 0, length), new Span<byte>(arena, to, length));
            Assert.True(new ReadOnlySpan<byte>(arena, to, length).SequenceEqual(source), $"distance {distance}");
            Assert.Equal(0, arena[to + length]);
        }
    }

    [Theory]
    [InlineData(2049)]
    [InlineData(4096)]
    [InlineData(10_000)]
    public void Piecewise_copy_moves_every_byte(int length)
    {
        byte[] source = Pattern(length);
        byte[] destination = new byte[length + 1];
        BlockCopy.CopyInPieces(source, destination);
        Assert.True(destination.AsSpan(0, length).SequenceEqual(source));
        Assert.Equal(0, destination[length]);
    }

    [Theory]
    [InlineData(24)]
    [InlineData(4072)]
    [InlineData(100)]
    public void Overlapping_ranges_copy_as_memmove_does_in_both_directions(int shift)
    {
        // Below and above the 2 KiB managed limit: each path must copy exactly once.
        AssertOverlappingCopiesMatchArrayCopy(1_000, shift);
        AssertOverlappingCopiesMatchArrayCopy(10_000, shift);
    }

    [Theory]
    [InlineData(1_000)]
    [InlineData(10_000)]
    public void The_element_typed_form_copies_overlapping_bytes_once(int length)
    {
        byte[] expected = Pattern(length + 24);
        byte[] actual = (byte[])expected.Clone();
        Array.Copy(expected, 0, expected, 24, length);
        BlockCopy.Copy<byte>(new ReadOnlySpan<byte>(actual, 0, length), new Span<byte>(actual, 24, length));
        Assert.Equal(expected, actual);

        int[] expectedInts = new int[length + 3];
        for (int i = 0; i < expectedInts.Length; i++)
        {
            expectedInts[i] = i * 7919;
        }

        int[] actualInts = (int[])expectedInts.Clone();
        Array.Copy(expectedInts, 0, expectedInts, 3, length);
        BlockCopy.Copy<int>(new ReadOnlySpan<int>(actualInts, 0, length), new Span<int>(actualInts, 3, length));
        Assert.Equal(expectedInts, actualInts);
    }

    /// <summary>Copies <paramref name="length"/> bytes <paramref name="shift"/> up and down within one array, as Array.Copy (memmove) would.</summary>
    private static void AssertOverlappingCopiesMatchArrayCopy(int length, int shift)
    {
        byte[] expectedUp = Pattern(length + shift);
        byte[] up = (byte[])expectedUp.Clone();
        Array.Copy(expectedUp, 0, expectedUp, shift, length);
        BlockCopy.Copy(new ReadOnlySpan<byte>(up, 0, length), new Span<byte>(up, shift, length));
        Assert.Equal(expectedUp, up);

        byte[] expectedDown = Pattern(length + shift);
        byte[] down = (byte[])expectedDown.Clone();
        Array.Copy(expectedDown, shift, expectedDown, 0, length);
        BlockCopy.Copy(new ReadOnlySpan<byte>(down, shift, length), new Span<byte>(down, 0, length));
        Assert.Equal(expectedDown, down);
    }

    [Fact]
    public void Short_copies_move_exactly_their_bytes_at_every_length_and_offset()
    {
        // The inline path below InlineCopyLimit loads head and tail separately; every length and alignment must
        // land each byte once and touch nothing around it.
        for (int length = 0; length <= BlockCopy.InlineCopyLimit + 2; length++)
        {
            for (int offset = 0; offset < 9; offset++)
            {
                byte[] source = Pattern(length + offset);
                byte[] destination = new byte[length + 2 * offset + 2];
                destination.AsSpan().Fill(0xEE);
                BlockCopy.Copy(new ReadOnlySpan<byte>(source, offset, length), new Span<byte>(destination, offset + 1, length));
                Assert.True(destination.AsSpan(offset + 1, length).SequenceEqual(source.AsSpan(offset, length)), $"length {length}, offset {offset}");
                Assert.All(destination.AsSpan(0, offset + 1).ToArray(), b => Assert.Equal(0xEE, b));
                Assert.All(destination.AsSpan(offset + 1 + length).ToArray(), b => Assert.Equal(0xEE, b));
            }
        }
    }

    [Fact]
    public void Short_overlapping_copies_move_as_memmove_does_in_both_directions()
    {
        for (int length = 1; length <= BlockCopy.InlineCopyLimit; length++)
        {
            for (int shift = 1; shift < length; shift++)
            {
                AssertOverlappingCopiesMatchArrayCopy(length, shift);
            }
        }
    }

    [Fact]
    public void A_short_copy_into_a_shorter_destination_throws_and_writes_nothing()
    {
        byte[] destination = new byte[5];
        Assert.Throws<ArgumentException>("destination", () => BlockCopy.Copy(Pattern(6), destination));
        Assert.Equal(new byte[5], destination);
    }

    [Fact]
    public void Alias_window_is_a_small_distance_upwards_between_separate_ranges()
    {
        byte[] arena = new byte[64 * 1024];
        const int length = 8192;
        Assert.True(BlockCopy.InAliasWindow(new ReadOnlySpan<byte>(arena, 0, length), new Span<byte>(arena, 8192 + 24, length)));
        Assert.True(BlockCopy.InAliasWindow(new ReadOnlySpan<byte>(arena, 0, length), new Span<byte>(arena, 3 * 4096, length)));
        Assert.False(BlockCopy.InAliasWindow(new ReadOnlySpan<byte>(arena, 0, length), new Span<byte>(arena, 8192 + BlockCopy.AliasWindow, length)));
        // Destination a little below the source: loads run ahead of the stores, no false dependency.
        Assert.False(BlockCopy.InAliasWindow(new ReadOnlySpan<byte>(arena, 3 * 4096 + 24, length), new Span<byte>(arena, 0, length)));
        // Overlap is memmove's business, whatever the distance.
        Assert.False(BlockCopy.InAliasWindow(new ReadOnlySpan<byte>(arena, 0, length), new Span<byte>(arena, 8, length)));
    }

    [Fact]
    public void The_probe_splits_when_any_probed_distance_is_more_than_three_times_slower_than_the_safe_one()
    {
        // One slow distance among fast ones is enough: CPUs differ in which small distance is slow.
        Assert.True(BlockCopy.HasCliff(100, [101, 2300]));
        Assert.True(BlockCopy.HasCliff(100, [2300, 101]));
        Assert.True(BlockCopy.HasCliff(100, [301, 99]));
        Assert.False(BlockCopy.HasCliff(100, [300, 250]));
        Assert.False(BlockCopy.HasCliff(100, [100, 100]));
        // A timer too coarse to see the safe copy counts it as one tick, not zero.
        Assert.False(BlockCopy.HasCliff(0, [3, 1]));
        Assert.True(BlockCopy.HasCliff(0, [4, 1]));
    }

    [Fact]
    public void The_probe_times_the_distances_that_back_to_back_blocks_and_their_neighbours_fall_on()
    {
        // Two power-of-two byte[] placed back to back start 24 bytes apart modulo 4 KiB; 8 is the worst case seen.
        Assert.Contains(24, BlockCopy.ProbedDistances.ToArray());
        Assert.Contains(8, BlockCopy.ProbedDistances.ToArray());
        foreach (int distance in BlockCopy.ProbedDistances)
        {
            Assert.InRange(distance, 1, BlockCopy.AliasWindow - 1);
        }
    }

    [Fact]
    public void The_probe_times_every_probed_distance_and_the_safe_one_in_every_round_and_keeps_the_fastest()
    {
        var calls = new List<int>();
        // Distance 8 is slow in every round but one: the fastest round decides, so there is no cliff.
        int round8 = 0;
        bool cliff = BlockCopy.MeasureCliff(distance =>
        {
            calls.Add(distance);
            return distance == 8 && round8++ != 3 ? 5000 : 100;
        });

        Assert.False(cliff);
        var expected = new List<int>();
        for (int round = 0; round < BlockCopy.ProbeRounds; round++)
        {
            expected.AddRange(BlockCopy.ProbedDistances.ToArray());
            expected.Add(BlockCopy.SafeDistance);
        }

        Assert.Equal(expected, calls);
    }

    [Fact]
    public void The_probe_finds_a_cliff_at_any_one_probed_distance_and_none_when_the_safe_distance_is_as_slow()
    {
        foreach (int slow in BlockCopy.ProbedDistances)
        {
            Assert.True(BlockCopy.MeasureCliff(distance => distance == slow ? 2300 : 100));
        }

        Assert.False(BlockCopy.MeasureCliff(distance => 2300));
        // The safe distance's fastest round is its baseline, not its slowest.
        int safeRound = 0;
        Assert.True(BlockCopy.MeasureCliff(distance => distance == BlockCopy.SafeDistance ? (safeRound++ == 5 ? 100 : 9000) : 2300));
    }

    [Theory]
    [InlineData(0L)]
    [InlineData(16L)]
    [InlineData(4095L)]
    [InlineData(4096L)]
    [InlineData(0x7F12_3456_7018L)]
    public void The_probe_starts_its_source_on_the_first_page_boundary_and_puts_each_destination_at_its_distance(long address)
    {
        int source = BlockCopy.FirstPageOffset(address);
        Assert.InRange(source, 0, 4095);
        Assert.Equal(0, (address + source) % 4096);
        foreach (int distance in new[] { 8, 24, BlockCopy.SafeDistance })
        {
            int destination = BlockCopy.ProbeDestination(source, distance);
            Assert.Equal(distance, (destination - source) % 4096);
            // The destination starts past the source's copy: the probe measures aliasing, not overlap.
            Assert.True(destination >= source + BlockCopy.ProbeLength);
            // And ends within the probe's arena.
            Assert.True(destination + BlockCopy.ProbeLength <= BlockCopy.ProbeArenaLength);
        }
    }

    [Fact]
    public void The_probe_timer_copies_the_bytes_and_reports_elapsed_ticks()
    {
        byte[] arena = new byte[BlockCopy.ProbeArenaLength];
        byte[] pattern = Pattern(BlockCopy.ProbeLength);
        pattern.CopyTo(arena, 0);
        int to = BlockCopy.ProbeDestination(0, BlockCopy.SafeDistance);
        long before = System.Diagnostics.Stopwatch.GetTimestamp();
        long ticks = BlockCopy.TimeCopies(arena, 0, to, BlockCopy.ProbeLength, copies: 3);
        long elapsed = System.Diagnostics.Stopwatch.GetTimestamp() - before;
        Assert.Equal(pattern, arena.AsSpan(to, BlockCopy.ProbeLength).ToArray());
        Assert.InRange(ticks, 0, elapsed);
    }

    [Fact]
    public void A_long_copy_goes_in_pieces_only_with_the_cliff_a_long_enough_destination_and_the_alias_window()
    {
        byte[] arena = new byte[64 * 1024];
        const int length = 8192;
        var source = new ReadOnlySpan<byte>(arena, 0, length);
        Assert.True(BlockCopy.GoesInPieces(source, new Span<byte>(arena, 8192 + 24, length), memmoveIsSlowWhenAliased: true));
        Assert.False(BlockCopy.GoesInPieces(source, new Span<byte>(arena, 8192 + 24, length), memmoveIsSlowWhenAliased: false));
        Assert.False(BlockCopy.GoesInPieces(source, new Span<byte>(arena, 8192 + 1048, length), memmoveIsSlowWhenAliased: true));
        // A shorter destination is left to CopyTo, which throws; a longer one still goes in pieces.
        Assert.False(BlockCopy.GoesInPieces(source, new Span<byte>(arena, 8192 + 24, length - 1), memmoveIsSlowWhenAliased: true));
        Assert.True(BlockCopy.GoesInPieces(new ReadOnlySpan<byte>(arena, 0, length - 1), new Span<byte>(arena, 8192 + 24, length), memmoveIsSlowWhenAliased: true));
    }

    [Fact]
    public void Ranges_that_touch_without_overlapping_are_in_the_alias_window()
    {
        byte[] arena = new byte[64 * 1024];
        const int length = 8192;
        // Destination right after the source, and right before it: distances of +length and -length, both 0 modulo 4 KiB.
        Assert.True(BlockCopy.InAliasWindow(new ReadOnlySpan<byte>(arena, 0, length), new Span<byte>(arena, length, length)));
        Assert.True(BlockCopy.InAliasWindow(new ReadOnlySpan<byte>(arena, length, length), new Span<byte>(arena, 0, length)));
        // One byte closer either way and they overlap.
        Assert.False(BlockCopy.InAliasWindow(new ReadOnlySpan<byte>(arena, 0, length), new Span<byte>(arena, length - 1, length)));
        Assert.False(BlockCopy.InAliasWindow(new ReadOnlySpan<byte>(arena, length - 1, length), new Span<byte>(arena, 0, length)));
    }

    [Fact]
    public void The_pipelined_copy_takes_only_long_enough_separate_ranges_up_to_its_limit_on_512_bit_CPUs()
    {
        byte[] arena = new byte[3 * BlockCopy.PipelinedCopyLimit + 8192];
        const int far = BlockCopy.PipelinedCopyLimit + 4096;
#if EDDY_NETSTANDARD
        bool vectors = false; // the netstandard2.1 build leaves every long copy to the runtime
#else
        bool vectors = System.Runtime.Intrinsics.Vector512.IsHardwareAccelerated;
#endif
        foreach (int length in new[] { BlockCopy.ManagedCopyLimit + 1, 8192, BlockCopy.PipelinedCopyLimit })
        {
            byte[] source = Pattern(length);
            Array.Clear(arena);
            source.CopyTo(arena, 0);
            Assert.Equal(vectors, BlockCopy.TryCopyPipelined(new ReadOnlySpan<byte>(arena, 0, length), new Span<byte>(arena, far, length)));
            Assert.Equal(vectors, new ReadOnlySpan<byte>(arena, far, length).SequenceEqual(source));
            Assert.Equal(0, arena[far + length]);

            // Overlapping ranges, either way, are left to memmove, with nothing written.
            byte[] before = (byte[])arena.Clone();
            Assert.False(BlockCopy.TryCopyPipelined(new ReadOnlySpan<byte>(arena, 0, length), new Span<byte>(arena, 24, length)));
            Assert.False(BlockCopy.TryCopyPipelined(new ReadOnlySpan<byte>(arena, 24, length), new Span<byte>(arena, 0, length)));
            Assert.False(BlockCopy.TryCopyPipelined(new ReadOnlySpan<byte>(arena, 0, length), new Span<byte>(arena, length - 1, length)));
            Assert.Equal(before, arena);

            // Ranges that only touch, either way, do not overlap.
            Assert.Equal(vectors, BlockCopy.TryCopyPipelined(new ReadOnlySpan<byte>(arena, 0, length), new Span<byte>(arena, length, length)));
            Assert.Equal(vectors, BlockCopy.TryCopyPipelined(new ReadOnlySpan<byte>(arena, length, length), new Span<byte>(arena, 0, length)));

            // A destination too short is left to CopyTo, which throws.
            Assert.False(BlockCopy.TryCopyPipelined(new ReadOnlySpan<byte>(arena, 0, length), new Span<byte>(arena, far, length - 1)));
        }

        Assert.False(BlockCopy.TryCopyPipelined(new ReadOnlySpan<byte>(arena, 0, BlockCopy.PipelinedCopyLimit + 1), new Span<byte>(arena, far, BlockCopy.PipelinedCopyLimit + 1)));
    }

#if !EDDY_NETSTANDARD
    [Fact]
    public void The_pipelined_loop_aligns_its_stores_to_the_next_cache_line()
    {
        for (nuint address = 0x10000; address < 0x10000 + 192; address++)
        {
            nuint skew = BlockCopy.BytesToCacheLine(address);
            Assert.True(skew < 64, $"address {address}: {skew}");
            Assert.Equal(0u, (uint)((address + skew) % 64));
        }

        Assert.Equal(0u, (uint)BlockCopy.BytesToCacheLine(0x10040));
        Assert.Equal(63u, (uint)BlockCopy.BytesToCacheLine(0x10041));
        Assert.Equal(1u, (uint)BlockCopy.BytesToCacheLine(0x1007F));
    }

    [Fact]
    public void The_pipelined_loop_copies_every_byte_at_every_tail_length_and_offset()
    {
        if (!System.Runtime.Intrinsics.Vector512.IsHardwareAccelerated)
        {
            return; // the loop's 512-bit loads and stores need the CPU's support; CopyTo covers these lengths elsewhere
        }

        // Every length from the loop's minimum through two blocks past it (each tail from 256 to 511 bytes), then
        // lengths that are and are not multiples of the block; sources and destinations off any alignment.
        var lengths = new List<int>();
        for (int length = 512; length <= 1280; length++)
        {
            lengths.Add(length);
        }

        // 4352 and its neighbours: from a page and a block on, the loop also prefetches the source.
        lengths.AddRange(new[] { 2049, 4096, 4097, 4351, 4352, 4353, 4608, 10_000, 16_383, 16_384 });
        byte[] source = Pattern(16_384 + 64);
        byte[] destination = new byte[16_384 + 128];
        foreach (int length in lengths)
        {
            foreach ((int from, int to) in Offsets(length))
            {
                Array.Fill(destination, (byte)0xEE);
                BlockCopy.CopyPipelined(ref source[from], ref destination[to], (nuint)length);
                Assert.True(destination.AsSpan(to, length).SequenceEqual(source.AsSpan(from, length)), $"length {length}, from {from}, to {to}");
                Assert.True(destination.AsSpan(0, to).IndexOfAnyExcept((byte)0xEE) < 0, $"before, length {length}");
                Assert.True(destination.AsSpan(to + length).IndexOfAnyExcept((byte)0xEE) < 0, $"after, length {length}");
            }
        }

        // The loop aligns its stores to the destination's cache lines: some lengths from every destination offset
        // in a line, so that every skew, whatever the array's own alignment, is taken.
        static IEnumerable<(int From, int To)> Offsets(int length)
        {
            yield return (0, 0);
            yield return (1, 3);
            yield return (17, 40);
            yield return (63, 64);
            if (length is 512 or 575 or 767 or 1024 or 1279 or 4097)
            {
                for (int to = 0; to < 64; to++)
                {
                    yield return (5, to);
                }
            }
        }
    }
#endif

    [Fact]
    public void A_short_destination_throws_what_CopyTo_throws()
    {
        byte[] source = new byte[5000];
        byte[] destination = new byte[4999];
        Assert.Throws<ArgumentException>("destination", () => BlockCopy.Copy(source, destination));
        Assert.Throws<ArgumentException>("destination", () => BlockCopy.Copy(new byte[10], new byte[9]));
    }

    [Fact]
    public void Element_typed_copy_handles_bytes_and_other_types()
    {
        byte[] bytes = Pattern(9000);
        byte[] copy = new byte[9000];
        BlockCopy.Copy<byte>(bytes, copy);
        Assert.Equal(bytes, copy);

        string[] names = { "a", "b", "c" };
        string[] target = new string[3];
        BlockCopy.Copy<string>(names, target);
        Assert.Equal(names, target);
    }
}

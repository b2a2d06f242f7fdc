using Eddy.Internal;

namespace Eddy.Tests.Internal;

public class SizeClassTests
{
    [Theory]
    [InlineData(0u, 0)]
    [InlineData(1u, 0)]
    [InlineData(2u, 1)]
    [InlineData(3u, 1)]
    [InlineData(4u, 2)]
    [InlineData(255u, 7)]
    [InlineData(256u, 8)]
    [InlineData(257u, 8)]
    [InlineData(1u << 20, 20)]
    [InlineData(uint.MaxValue, 31)]
    public void Log2_is_the_floor_of_the_binary_logarithm(uint value, int expected) =>
        Assert.Equal(expected, SizeClass.Log2(value));

    [Fact]
    public void Log2_matches_a_naive_loop_for_every_bit_position_and_neighbours()
    {
        for (int bit = 0; bit < 32; bit++)
        {
            uint p = 1u << bit;
            foreach (uint v in new[] { p - 1, p, p + 1 })
            {
                if (v == 0)
                {
                    continue;
                }

                int naive = 0;
                for (uint x = v; x > 1; x >>= 1)
                {
                    naive++;
                }

                Assert.Equal(naive, SizeClass.Log2(v));
            }
        }
    }

    [Theory]
    [InlineData(-5, 1)]
    [InlineData(0, 1)]
    [InlineData(1, 1)]
    [InlineData(2, 2)]
    [InlineData(3, 4)]
    [InlineData(255, 256)]
    [InlineData(256, 256)]
    [InlineData(257, 512)]
    [InlineData((1 << 30) - 1, 1 << 30)]
    [InlineData(1 << 30, 1 << 30)]
    [InlineData(int.MaxValue, 1 << 30)]
    public void RoundUpToPowerOfTwo_returns_the_next_power(int value, int expected) =>
        Assert.Equal(expected, SizeClass.RoundUpToPowerOfTwo(value));

    [Theory]
    [InlineData(0, true)]
    [InlineData(1, true)]
    [InlineData(255, true)]
    [InlineData(256, true)]
    [InlineData(257, false)]
    [InlineData(512, false)]
    [InlineData(513, false)]
    public void GetIndex_maps_sizes_to_the_smallest_class_that_holds_them(int size, bool isClassZero)
    {
        const int Shift = 8; // class 0 = 256
        int index = SizeClass.GetIndex(size, Shift);
        Assert.Equal(isClassZero, index == 0);
        Assert.True(SizeClass.GetSize(index, Shift) >= size);
        if (index > 0)
        {
            Assert.True(SizeClass.GetSize(index - 1, Shift) < size, "a smaller class would have been enough");
        }
    }

    [Fact]
    public void GetIndex_and_GetSize_agree_on_every_size_up_to_a_megabyte()
    {
        const int Shift = 8;
        for (int size = 1; size <= 1 << 20; size += size < 4096 ? 1 : 97)
        {
            int index = SizeClass.GetIndex(size, Shift);
            int classSize = SizeClass.GetSize(index, Shift);
            Assert.True(classSize >= size);
            Assert.True(index == 0 || classSize / 2 < size);
        }
    }

    [Theory]
    [InlineData(256, 0)]
    [InlineData(512, 1)]
    [InlineData(1 << 20, 12)]
    [InlineData(128, -1)]
    [InlineData(300, -1)]
    [InlineData(0, -1)]
    [InlineData(-256, -1)]
    [InlineData(int.MinValue, -1)]
    [InlineData(1 << 30, 22)]
    public void GetExactIndex_accepts_only_class_sizes(int length, int expected) =>
        Assert.Equal(expected, SizeClass.GetExactIndex(length, 8));

    [Theory]
    [InlineData(-1, false)]
    [InlineData(0, false)]
    [InlineData(1, true)]
    [InlineData(6, false)]
    [InlineData(1 << 30, true)]
    [InlineData(int.MaxValue, false)]
    public void IsPowerOfTwo_detects_powers(int value, bool expected) =>
        Assert.Equal(expected, SizeClass.IsPowerOfTwo(value));
}

using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using Eddy.Buffers;

namespace Eddy.Tests.Buffers;

/// <summary>
/// A growth copy long enough for the C library's memmove, between arrays in the alias window (docs/design.md, "Copies
/// and memory layout"), starts the writer's elements a few cache lines into the new array. These tests place every
/// rented array in that window on purpose and check that the writer keeps its whole contract.
/// </summary>
public class PooledBufferWriterLayoutTests
{
#if !EDDY_NETSTANDARD
    private const int WindowBytes = 256;

    [Fact]
    public void Growth_in_the_alias_window_keeps_every_byte_and_starts_past_the_window()
    {
        var pool = new AliasingPool<byte>();
        var model = new List<byte>();
        var random = new Random(7);
        using var writer = new PooledBufferWriter<byte>(pool);
        int step = 0;
        int offsetGrowths = 0;
        while (model.Count < 300_000)
        {
            byte[] piece = new byte[random.Next(1, 3000)];
            random.NextBytes(piece);
            pool.FollowDataOf(writer.Capacity);
            int rentsBefore = pool.AliasedRents;
            if (step++ % 2 == 0)
            {
                writer.Write(piece);
            }
            else
            {
                piece.CopyTo(writer.GetSpan(piece.Length));
                writer.Advance(piece.Length);
            }

            model.AddRange(piece);
            if (pool.AliasedRents != rentsBefore && model.Count - piece.Length > 16 * 1024)
            {
                // A growth copy past the distance-free loop, in the window: the data starts past it.
                Assert.Equal(pool.LastRented.Length - WindowBytes, writer.Capacity);
                offsetGrowths++;
            }

            Assert.Equal(model.Count, writer.Length);
            Assert.Equal(writer.Capacity - writer.Length, writer.FreeCapacity);
        }

        Assert.True(writer.WrittenSpan.SequenceEqual(model.ToArray()));
        Assert.True(writer.WrittenMemory.Span.SequenceEqual(model.ToArray()));
        Assert.Equal(model.ToArray(), writer.ToArray());

        Assert.True(offsetGrowths >= 4, $"{offsetGrowths} growths started past the window");

        byte[] copy = new byte[model.Count];
        writer.CopyTo(copy);
        Assert.Equal(model.ToArray(), copy);
    }

    [Fact]
    public void DetachBuffer_after_an_offset_growth_moves_the_elements_to_the_start_of_the_same_array()
    {
        var pool = new AliasingPool<byte>();
        byte[] data = new byte[100_000];
        new Random(3).NextBytes(data);
        using var writer = new PooledBufferWriter<byte>(pool);
        writer.Write(data.AsSpan(0, 20_000));
        pool.FollowDataOf(writer.Capacity);
        writer.Write(data.AsSpan(20_000));
        Assert.Equal(pool.LastRented.Length - WindowBytes, writer.Capacity);
        byte[] array = pool.LastRented;

        using (PooledArrayOwner<byte> owner = writer.DetachBuffer())
        {
            Assert.Same(array, owner.Array);
            Assert.Equal(data.Length, owner.Count);
            Assert.Equal(data, owner.Array.AsSpan(0, owner.Count).ToArray());
            Assert.Equal(data, owner.Memory.ToArray());
        }

        Assert.Equal(0, writer.Length);
        Assert.Equal(0, writer.Capacity);
        writer.Write(data.AsSpan(0, 10));
        Assert.Equal(data.AsSpan(0, 10).ToArray(), writer.WrittenSpan.ToArray());
    }

    [Fact]
    public void Reset_after_an_offset_growth_gives_back_the_whole_array()
    {
        var pool = new AliasingPool<byte>();
        using var writer = new PooledBufferWriter<byte>(pool);
        writer.Write(new byte[20_000]);
        pool.FollowDataOf(writer.Capacity);
        writer.Write(new byte[20_000]);
        Assert.Equal(pool.LastRented.Length - WindowBytes, writer.Capacity);

        writer.Reset();
        Assert.Equal(pool.LastRented.Length, writer.Capacity);
        Assert.Equal(pool.LastRented.Length, writer.FreeCapacity);
        Assert.Equal(pool.LastRented.Length, writer.GetSpan().Length);
        writer.Write(new byte[] { 1, 2, 3 });
        Assert.Equal(new byte[] { 1, 2, 3 }, writer.WrittenSpan.ToArray());
    }

    [Fact]
    public void A_growth_with_no_spare_room_starts_at_zero()
    {
        var pool = new AliasingPool<byte>();
        using var writer = new PooledBufferWriter<byte>(pool, 32 * 1024);
        writer.Write(new byte[32 * 1024]);
        // Exactly the next power of two is needed: the pool's array has no room for an offset.
        writer.GetSpan(32 * 1024);
        Assert.Equal(64 * 1024, writer.Capacity);
        Assert.Equal(32 * 1024, writer.FreeCapacity);
    }

    [Fact]
    public void Other_element_types_skip_the_window_in_whole_elements()
    {
        var pool = new AliasingPool<int>();
        int[] data = new int[20_000];
        for (int i = 0; i < data.Length; i++)
        {
            data[i] = i * 31;
        }

        using var writer = new PooledBufferWriter<int>(pool);
        foreach (int value in data)
        {
            pool.FollowDataOf(writer.Capacity);
            writer.GetSpan(1)[0] = value;
            writer.Advance(1);
        }

        Assert.Equal(data, writer.WrittenSpan.ToArray());
        Assert.Equal(pool.LastRented.Length - WindowBytes / sizeof(int), writer.Capacity);

        // Elements that hold references are copied by the runtime with the GC's barriers: they always start at 0.
        var strings = new AliasingPool<string>();
        using var names = new PooledBufferWriter<string>(strings);
        for (int i = 0; i < 5000; i++)
        {
            names.Write(new[] { "n" + i });
        }

        Assert.Equal(strings.LastRented.Length, names.Capacity);
        Assert.Equal("n4999", names.WrittenSpan[4999]);
    }

    /// <summary>
    /// Rents pinned arrays whose start lies in the alias window above the last array it rented (the writer's current
    /// one), as a compacting GC or the allocator places blocks back to back. Spacers shift the next allocation
    /// until it lands there.
    /// </summary>
    private sealed class AliasingPool<T> : ArrayPool<T>
    {
        private readonly List<object> _keepAlive = [];
        private int _dataStart;

        public T[] LastRented { get; private set; } = [];

        public int AliasedRents { get; private set; }

        /// <summary>Places the next array in the window above where the writer's data starts in the current one, given the writer's capacity.</summary>
        public void FollowDataOf(int writerCapacity) => _dataStart = LastRented.Length == 0 ? 0 : LastRented.Length - writerCapacity;

        public override T[] Rent(int minimumLength)
        {
            int length = (int)System.Numerics.BitOperations.RoundUpToPowerOf2((uint)Math.Max(minimumLength, 16));
            T[] previous = LastRented;
            if (System.Runtime.CompilerServices.RuntimeHelpers.IsReferenceOrContainsReferences<T>())
            {
                // Arrays of references cannot be allocated pinned; their distance does not matter to the writer.
                LastRented = new T[length];
                return LastRented;
            }

            for (int attempt = 0; attempt < 1024; attempt++)
            {
                T[] candidate = GC.AllocateUninitializedArray<T>(length, pinned: true);
                _keepAlive.Add(candidate);
                if (previous.Length == 0 || InWindow(previous, _dataStart, candidate))
                {
                    AliasedRents += previous.Length == 0 ? 0 : 1;
                    LastRented = candidate;
                    return candidate;
                }

                _keepAlive.Add(GC.AllocateUninitializedArray<byte>(8 * (attempt % 512), pinned: true));
            }

            throw new InvalidOperationException("No pinned array landed in the alias window.");
        }

        public override void Return(T[] array, bool clearArray = false)
        {
        }

        private static bool InWindow(T[] from, int fromStart, T[] to)
        {
            long distance = (long)Marshal.UnsafeAddrOfPinnedArrayElement(to, 0) - (long)Marshal.UnsafeAddrOfPinnedArrayElement(from, fromStart);
            return (distance & 4095) < WindowBytes;
        }
    }
#endif
}

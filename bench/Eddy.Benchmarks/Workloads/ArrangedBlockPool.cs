using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Eddy.Benchmarks.Workloads;

/// <summary>How <see cref="ArrangedBlockPool"/> places its blocks in memory.</summary>
public enum BlockLayout
{
    /// <summary>A 1,000-byte pinned spacer after every block: neighbours sit about 1 KiB apart modulo 4 KiB.</summary>
    Spread,

    /// <summary>
    /// Blocks pinned back to back in the order they are first needed, as the allocator or a compacting GC leaves
    /// them: a power-of-two block and the next one start its length + 24 bytes apart, 24 modulo 4 KiB.
    /// </summary>
    BackToBack,
}

/// <summary>
/// A pool whose blocks sit where a benchmark wants them: each block is allocated pinned the first time an operation
/// needs one more of its length, right after the block allocated before it (or after a spacer), and kept on a
/// stack per length from then on. <see cref="Create"/> runs the operation twice, so that every block it will ever
/// need exists and sits in the order it was first needed; a rent that would need a new block after that throws. It
/// is for benchmarks only.
/// </summary>
public sealed class ArrangedBlockPool : ArrayPool<byte>
{
    private const int SpacerLength = 1000;
    private readonly BlockLayout _layout;
    private readonly Dictionary<int, Stack<byte[]>> _free = [];
    private readonly List<byte[]> _allocated = [];
    private readonly List<byte[]> _spacers = [];
    private bool _frozen;

    private ArrangedBlockPool(BlockLayout layout)
    {
        _layout = layout;
    }

    /// <summary>Runs <paramref name="operation"/> twice on a new pool in <paramref name="layout"/>, then freezes the pool's blocks.</summary>
    public static ArrangedBlockPool Create(BlockLayout layout, Action<ArrayPool<byte>> operation)
    {
        ArgumentNullException.ThrowIfNull(operation);
        var pool = new ArrangedBlockPool(layout);

        // Start on a compacted heap, so that nothing allocated before sits between the blocks.
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        operation(pool);
        operation(pool);
        pool._frozen = true;
        return pool;
    }

    /// <summary>How many blocks the pool holds, of every length.</summary>
    public int BlockCount => _allocated.Count;

    /// <summary>Start-to-start distance, modulo 4 KiB, between each block and the one allocated after it.</summary>
    public IReadOnlyList<long> NeighbourDistances()
    {
        var distances = new List<long>();
        for (int i = 1; i < _allocated.Count; i++)
        {
            long from = (long)Marshal.UnsafeAddrOfPinnedArrayElement(_allocated[i - 1], 0);
            long to = (long)Marshal.UnsafeAddrOfPinnedArrayElement(_allocated[i], 0);
            distances.Add((to - from) & 4095);
        }

        return distances;
    }

    public override byte[] Rent(int minimumLength)
    {
        int length = Math.Max(256, (int)System.Numerics.BitOperations.RoundUpToPowerOf2((uint)Math.Max(minimumLength, 1)));
        if (_free.TryGetValue(length, out Stack<byte[]>? free) && free.TryPop(out byte[]? block))
        {
            return block;
        }

        if (_frozen)
        {
            throw new InvalidOperationException($"The operation needed one more block of {length} bytes than in the two runs that placed the blocks.");
        }

        block = GC.AllocateUninitializedArray<byte>(length, pinned: true);
        _allocated.Add(block);
        if (_layout == BlockLayout.Spread)
        {
            _spacers.Add(GC.AllocateUninitializedArray<byte>(SpacerLength, pinned: true));
        }

        return block;
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
        ArgumentNullException.ThrowIfNull(array);
        if (!_free.TryGetValue(array.Length, out Stack<byte[]>? free))
        {
            free = new Stack<byte[]>();
            _free.Add(array.Length, free);
        }

        free.Push(array);
    }
}

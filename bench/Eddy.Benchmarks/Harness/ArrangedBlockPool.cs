using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Eddy.Benchmarks.Harness;

/// <summary>How <see cref="ArrangedBlockPool"/> places its blocks in memory.</summary>
public enum BlockLayout
{
    /// <summary>A 1,000-byte pinned spacer after every block: neighbours sit about 1 KiB apart modulo 4 KiB.</summary>
    Spread,

    /// <summary>
    /// Blocks pinned back to back in the order they are rented, as the allocator or a compacting GC leaves them:
    /// a power-of-two block and the next one start its length + 24 bytes apart, 24 modulo 4 KiB.
    /// </summary>
    BackToBack,
}

/// <summary>
/// A pool that hands out a fixed sequence of pinned blocks in the order one operation rents them, so a benchmark
/// can fix where every block sits. It learns the sequence from one recorded run of the operation and rewinds
/// once every block is back; it is for benchmarks only.
/// </summary>
public sealed class ArrangedBlockPool : ArrayPool<byte>
{
    private const int SpacerLength = 1000;
    private readonly List<int> _recorded = [];
    private readonly List<byte[]> _keepAlive = [];
    private byte[][] _blocks = [];
    private bool _recording = true;
    private int _next;
    private int _outstanding;

    /// <summary>Runs <paramref name="operation"/> once to learn its rents, then pins that sequence of blocks in <paramref name="layout"/>.</summary>
    public static ArrangedBlockPool Create(BlockLayout layout, Action<ArrayPool<byte>> operation)
    {
        ArgumentNullException.ThrowIfNull(operation);
        var pool = new ArrangedBlockPool();
        operation(pool);
        pool.Arrange(layout);
        return pool;
    }

    /// <summary>Start-to-start distance, modulo 4 KiB, between each block and the one rented after it.</summary>
    public IReadOnlyList<long> NeighbourDistances()
    {
        var distances = new List<long>();
        for (int i = 1; i < _blocks.Length; i++)
        {
            long from = (long)Marshal.UnsafeAddrOfPinnedArrayElement(_blocks[i - 1], 0);
            long to = (long)Marshal.UnsafeAddrOfPinnedArrayElement(_blocks[i], 0);
            distances.Add((to - from) & 4095);
        }

        return distances;
    }

    public override byte[] Rent(int minimumLength)
    {
        int length = Math.Max(256, (int)System.Numerics.BitOperations.RoundUpToPowerOf2((uint)Math.Max(minimumLength, 1)));
        if (_recording)
        {
            _recorded.Add(length);
            return new byte[length];
        }

        if (_next == _blocks.Length || _blocks[_next].Length < minimumLength)
        {
            throw new InvalidOperationException("The operation rented differently from the recorded run.");
        }

        _outstanding++;
        return _blocks[_next++];
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
        ArgumentNullException.ThrowIfNull(array);
        if (_recording)
        {
            return;
        }

        if (--_outstanding == 0)
        {
            _next = 0;
        }
    }

    private void Arrange(BlockLayout layout)
    {
        _recording = false;
        // Start on a fresh, compacted heap so that nothing of the recording run sits between the blocks.
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        _blocks = new byte[_recorded.Count][];
        for (int i = 0; i < _blocks.Length; i++)
        {
            _blocks[i] = GC.AllocateUninitializedArray<byte>(_recorded[i], pinned: true);
            if (layout == BlockLayout.Spread)
            {
                _keepAlive.Add(GC.AllocateUninitializedArray<byte>(SpacerLength, pinned: true));
            }
        }
    }
}

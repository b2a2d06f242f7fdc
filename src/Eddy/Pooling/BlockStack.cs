using System;
using System.Threading;

namespace Eddy.Pooling;

/// <summary>
/// One per-core stack of same-sized blocks in the shared tier of a <see cref="BlockPool"/>. A tiny spin lock
/// guards it: the critical sections are a few instructions and, with one stack per core, rarely contended.
/// </summary>
internal sealed class BlockStack
{
    private readonly int _capacity;
    private byte[]?[]? _items;
    private int _count;
    private int _lock;
    private int _lastUsedTick;

    public BlockStack(int capacity) => _capacity = capacity;

    /// <summary>Blocks in the stack now (a racy read, exact when the stack is quiet).</summary>
    public int Count => Volatile.Read(ref _count);

    public bool TryPush(byte[] block)
    {
        Enter();
        int count = _count;
        byte[]?[]? items = _items;
        if (count >= _capacity)
        {
            Exit();
            return false;
        }

        // Allocated on first use, and grown by doubling, so that pools and cores that never see a class cost
        // nothing and a large capacity (the byte budget of big classes) costs only what is actually held.
        if (items is null || count == items.Length)
        {
            items = _items = Grow(items, _capacity);
        }

        items[count] = block;
        _count = count + 1;
        _lastUsedTick = Environment.TickCount;
        Exit();
        return true;
    }

    private static byte[]?[] Grow(byte[]?[]? items, int capacity)
    {
        int length = items is null ? Math.Min(capacity, 32) : (int)Math.Min(capacity, 2L * items.Length);
        var grown = new byte[]?[length];
        items?.CopyTo(grown, 0);
        return grown;
    }

    public byte[]? TryPop()
    {
        if (Volatile.Read(ref _count) == 0)
        {
            return null;
        }

        Enter();
        int count = _count - 1;
        byte[]? block = null;
        if (count >= 0)
        {
            byte[]?[] items = _items!;
            block = items[count];
            items[count] = null;
            _count = count;
            _lastUsedTick = Environment.TickCount;
        }

        Exit();
        return block;
    }

    /// <summary>True when <paramref name="block"/> is in this stack (the double-return check's slow path).</summary>
    public bool Contains(byte[] block)
    {
        if (Volatile.Read(ref _count) == 0)
        {
            return false;
        }

        Enter();
        bool found = false;
        byte[]?[]? items = _items;
        for (int i = 0; i < _count; i++)
        {
            if (ReferenceEquals(items![i], block))
            {
                found = true;
                break;
            }
        }

        Exit();
        return found;
    }

    /// <summary>
    /// Empties the stack when it has been unused for at least <paramref name="idleMilliseconds"/> (or always
    /// when that is 0) and returns how many blocks were released.
    /// </summary>
    public int Drain(int nowTick, int idleMilliseconds)
    {
        if (Volatile.Read(ref _count) == 0)
        {
            return 0;
        }

        Enter();
        int count = _count;
        if (idleMilliseconds > 0 && unchecked(nowTick - _lastUsedTick) < idleMilliseconds)
        {
            Exit();
            return 0;
        }

        Array.Clear(_items!, 0, count);
        _count = 0;
        Exit();
        return count;
    }

    private void Enter()
    {
        if (Interlocked.CompareExchange(ref _lock, 1, 0) != 0)
        {
            EnterContended();
        }
    }

    private void EnterContended()
    {
        var spinner = default(SpinWait);
        while (Volatile.Read(ref _lock) != 0 || Interlocked.CompareExchange(ref _lock, 1, 0) != 0)
        {
            spinner.SpinOnce();
        }
    }

    private void Exit() => Volatile.Write(ref _lock, 0);
}

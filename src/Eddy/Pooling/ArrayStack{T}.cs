using System;
using System.Threading;

namespace Eddy.Pooling;

/// <summary>
/// A bounded, thread-safe stack of same-length arrays behind a tiny spin lock (critical sections are a few
/// instructions). Its storage grows by doubling up to the bound, so once warm, pushes allocate nothing.
/// </summary>
internal sealed class ArrayStack<T>
{
    private const int InitialCapacity = 16;

    private readonly int _maximumCount;
    private ArraySlot<T>[] _items;
    private int _count;
    private int _lock;

    public ArrayStack(int maximumCount)
    {
        _maximumCount = maximumCount;
        _items = new ArraySlot<T>[Math.Min(maximumCount, InitialCapacity)];
    }

    public int Count => Volatile.Read(ref _count);

    public int MaximumCount => _maximumCount;

    public T[]? TryPop()
    {
        if (Volatile.Read(ref _count) == 0)
        {
            return null;
        }

        Enter();
        T[]? array = null;
        int index = _count - 1;
        ArraySlot<T>[] items = _items;
        // Another thread may have emptied the stack since the check above: index -1 wraps and fails the compare.
        if (unchecked((uint)index) < (uint)items.Length)
        {
            array = items[index].Array;
            items[index].Array = null;
            _count = index;
        }

        Exit();
        return array;
    }

    /// <summary>Pushes unless the stack holds its maximum already.</summary>
    public bool TryPush(T[] array)
    {
        Enter();
        int count = _count;
        ArraySlot<T>[] items = _items;
        if ((uint)count < (uint)items.Length)
        {
            items[count].Array = array;
            _count = count + 1;
            Exit();
            return true;
        }

        bool pushed = count < _maximumCount && GrowAndPush(array);
        Exit();
        return pushed;
    }

    public bool Contains(T[] array)
    {
        Enter();
        bool found = false;
        ArraySlot<T>[] items = _items;
        for (int i = 0; i < _count; i++)
        {
            if (ReferenceEquals(items[i].Array, array))
            {
                found = true;
                break;
            }
        }

        Exit();
        return found;
    }

    /// <summary>Empties the stack; returns how many arrays it held.</summary>
    public int Clear()
    {
        Enter();
        int count = _count;
        Array.Clear(_items, 0, count);
        _count = 0;
        Exit();
        return count;
    }

    private bool GrowAndPush(T[] array)
    {
        int count = _count;
        var grown = new ArraySlot<T>[(int)Math.Min((long)_items.Length * 2, _maximumCount)];
        Array.Copy(_items, grown, count);
        grown[count].Array = array;
        _items = grown;
        _count = count + 1;
        return true;
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

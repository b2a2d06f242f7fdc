using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Eddy.Pooling;

/// <summary>
/// The one stack behind every Eddy pool: a bounded, unsynchronized stack of arrays. Its storage is allocated
/// on the first push and grows by doubling up to the bound, so a stack that is never used costs nothing and a
/// large bound costs only what is actually held; once warm, pushes allocate nothing. A mutable struct: keep it
/// in a field and call it in place. <see cref="LockedArrayStack{T}"/> adds a lock for pools shared between threads.
/// </summary>
/// <remarks>
/// The bottom array waits in a front field, outside the storage: a push into an empty stack goes there, and pops
/// take the storage first, so the order stays last in, first out. <see cref="TryLend"/> lends the front: the field
/// keeps the reference and only a flag changes, and <see cref="TryTakeBack"/> ends the loan when that same array
/// comes back. A Rent+Return loop of one array then writes no reference (no GC write barrier) and moves no count
/// through memory. A lent front that never comes back is replaced by the next push; until then the field keeps it
/// reachable, which is one array per stack at most.
/// </remarks>
internal struct ArrayStack<T> : IArrayStack<T>
{
    private const int InitialCapacity = 16;

    // Never longer than _maximumCount - 1: the storage holds arrays only while the front holds one too (a push
    // into an empty stack takes the front, and pops empty the storage first), so a push that fits is within bound.
    private ArraySlot<T>[] _items;
    private int _count;
    private int _maximumCount;

    // The front array, held (counted) while not lent; see the remarks.
    private T[]? _front;
    private bool _frontLent;

    public ArrayStack(int maximumCount)
    {
        Debug.Assert(maximumCount >= 0);
        _items = Array.Empty<ArraySlot<T>>();
        _maximumCount = maximumCount;
    }

    public readonly int Count => _front is null || _frontLent ? _count : _count + 1;

    public readonly int MaximumCount => _maximumCount;

    /// <summary>Changes the bound; lowering it below <see cref="Count"/> releases the arrays above it.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void SetMaximumCount(int maximumCount)
    {
        Debug.Assert(maximumCount >= 0);
        int storageLength = StorageLength(maximumCount);
        if (storageLength < _items.Length)
        {
            int kept = Math.Min(_count, storageLength);
            var shrunk = new ArraySlot<T>[storageLength];
            Array.Copy(_items, shrunk, kept);
            _items = shrunk;
            _count = kept;
        }

        if (maximumCount == 0)
        {
            _front = null;
            _frontLent = false;
        }

        _maximumCount = maximumCount;
    }

    /// <summary>The top array, removed; null when the stack is empty.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T[]? TryPop()
    {
        if (_count != 0)
        {
            return PopStorage();
        }

        if (_frontLent)
        {
            return null;
        }

        T[]? front = _front;
        _front = null;
        return front;
    }

    /// <summary>As <see cref="TryPop"/>, but the front is lent rather than removed (see the remarks).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T[]? TryLend()
    {
        if (_count != 0)
        {
            return PopStorage();
        }

        T[]? front = _front;
        if (front is null || _frontLent)
        {
            return null;
        }

        _frontLent = true;
        return front;
    }

    private T[] PopStorage()
    {
        int index = _count - 1;
        ref T[]? slot = ref _items[index].Array;
        T[] array = slot!;
        slot = null;
        _count = index;
        return array;
    }

    /// <summary>Pushes unless the stack holds <see cref="MaximumCount"/> arrays already.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryPush(T[] array)
    {
        if (_count == 0 && (_front is null || _frontLent) && _maximumCount != 0)
        {
            _front = array;
            _frontLent = false;
            return true;
        }

        int count = _count;
        ArraySlot<T>[] items = _items;
        if ((uint)count < (uint)items.Length)
        {
            items[count].Array = array;
            _count = count + 1;
            return true;
        }

        return GrowAndPush(array);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool GrowAndPush(T[] array)
    {
        int count = _count;
        int storageLength = StorageLength(_maximumCount);
        if (count >= storageLength)
        {
            return false;
        }

        if (count == _items.Length)
        {
            int length = (int)Math.Min(Math.Max(2L * _items.Length, InitialCapacity), storageLength);
            var grown = new ArraySlot<T>[length];
            Array.Copy(_items, grown, count);
            _items = grown;
        }

        _items[count].Array = array;
        _count = count + 1;
        return true;
    }

    /// <summary>Ends the loan of the front when <paramref name="array"/> is the lent front: it is held again.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeBack(T[] array)
    {
        if (_frontLent && ReferenceEquals(array, _front))
        {
            _frontLent = false;
            return true;
        }

        return false;
    }

    private static int StorageLength(int maximumCount) => Math.Max(maximumCount - 1, 0);

    /// <summary>True when <paramref name="array"/> is in the stack (the double-return check's slow path).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public readonly bool Contains(T[] array)
    {
        if (!_frontLent && ReferenceEquals(_front, array))
        {
            return true;
        }

        ArraySlot<T>[] items = _items;
        for (int i = 0; i < _count; i++)
        {
            if (ReferenceEquals(items[i].Array, array))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Empties the stack; returns how many arrays it held.</summary>
    public int Clear()
    {
        int count = Count;
        Array.Clear(_items, 0, _count);
        _count = 0;
        _front = null;
        _frontLent = false;
        return count;
    }
}

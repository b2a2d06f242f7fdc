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
internal struct ArrayStack<T> : IArrayStack<T>
{
    private const int InitialCapacity = 16;

    // Never longer than _maximumCount, so a push that fits in the storage is within the bound.
    private ArraySlot<T>[] _items;
    private int _count;
    private int _maximumCount;

    public ArrayStack(int maximumCount)
    {
        Debug.Assert(maximumCount >= 0);
        _items = Array.Empty<ArraySlot<T>>();
        _maximumCount = maximumCount;
    }

    public readonly int Count => _count;

    public readonly int MaximumCount => _maximumCount;

    /// <summary>Changes the bound; lowering it below <see cref="Count"/> releases the arrays above it.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void SetMaximumCount(int maximumCount)
    {
        Debug.Assert(maximumCount >= 0);
        if (maximumCount < _items.Length)
        {
            int kept = Math.Min(_count, maximumCount);
            var shrunk = new ArraySlot<T>[maximumCount];
            Array.Copy(_items, shrunk, kept);
            _items = shrunk;
            _count = kept;
        }

        _maximumCount = maximumCount;
    }

    /// <summary>The top array, removed; null when the stack is empty.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T[]? TryPop()
    {
        int index = _count - 1;
        ArraySlot<T>[] items = _items;
        // An empty stack gives index -1, which wraps to a huge value and fails the one unsigned compare.
        if (unchecked((uint)index) < (uint)items.Length)
        {
            T[]? array = items[index].Array;
            items[index].Array = null;
            _count = index;
            return array;
        }

        return null;
    }

    /// <summary>Pushes unless the stack holds <see cref="MaximumCount"/> arrays already.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryPush(T[] array)
    {
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
        if (count >= _maximumCount)
        {
            return false;
        }

        if (count == _items.Length)
        {
            int length = (int)Math.Min(Math.Max(2L * _items.Length, InitialCapacity), _maximumCount);
            var grown = new ArraySlot<T>[length];
            Array.Copy(_items, grown, count);
            _items = grown;
        }

        _items[count].Array = array;
        _count = count + 1;
        return true;
    }

    /// <summary>True when <paramref name="array"/> is in the stack (the double-return check's slow path).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public readonly bool Contains(T[] array)
    {
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
        int count = _count;
        Array.Clear(_items, 0, count);
        _count = 0;
        return count;
    }
}

using System;
using System.Threading;

namespace Eddy.Pooling;

/// <summary>
/// An <see cref="ArrayStack{T}"/> behind a tiny spin lock, for pools shared between threads. The critical
/// sections are a few instructions, so spinning beats blocking. It also remembers when it was last used, for
/// trimming by idle time. A mutable struct: keep it in a field or an array element and call it in place.
/// </summary>
internal struct LockedArrayStack<T> : IArrayStack<T>
{
    private ArrayStack<T> _stack;
    private int _lock;
    private int _lastUsedTick;

    public LockedArrayStack(int maximumCount)
    {
        _stack = new ArrayStack<T>(maximumCount);
        _lock = 0;
        _lastUsedTick = 0;
    }

    /// <summary>Arrays in the stack now (a racy read, exact when the stack is quiet).</summary>
    public readonly int Count => _stack.Count;

    public readonly int MaximumCount => _stack.MaximumCount;

    public T[]? TryPop()
    {
        // An empty stack is the common miss: answer it without taking the lock.
        if (_stack.Count == 0)
        {
            return null;
        }

        Enter();
        T[]? array = _stack.TryPop();
        _lastUsedTick = Environment.TickCount;
        Exit();
        return array;
    }

    /// <summary>Pushes unless the stack holds its maximum already.</summary>
    public bool TryPush(T[] array)
    {
        Enter();
        bool pushed = _stack.TryPush(array);
        _lastUsedTick = Environment.TickCount;
        Exit();
        return pushed;
    }

    /// <summary>True when <paramref name="array"/> is in the stack (the double-return check's slow path).</summary>
    public bool Contains(T[] array)
    {
        if (_stack.Count == 0)
        {
            return false;
        }

        Enter();
        bool found = _stack.Contains(array);
        Exit();
        return found;
    }

    /// <summary>Empties the stack; returns how many arrays it held.</summary>
    public int Clear() => Drain(0, 0);

    /// <summary>
    /// Empties the stack when it has been unused for at least <paramref name="idleMilliseconds"/> (or always
    /// when that is 0) and returns how many arrays were released.
    /// </summary>
    public int Drain(int nowTick, int idleMilliseconds)
    {
        if (_stack.Count == 0)
        {
            return 0;
        }

        Enter();
        int released = 0;
        if (idleMilliseconds <= 0 || unchecked(nowTick - _lastUsedTick) >= idleMilliseconds)
        {
            released = _stack.Clear();
        }

        Exit();
        return released;
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

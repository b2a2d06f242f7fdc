using System.Threading;

namespace Eddy.Pooling;

/// <summary>
/// An <see cref="ArrayStack{T}"/> behind a tiny spin lock, for pools shared between threads. The critical
/// sections are a few instructions, so spinning beats blocking. It counts its pops and pushes so that a trimmer
/// can tell an idle stack by comparing counts between passes, and the hot path never reads a clock. A mutable
/// struct: keep it in a field or an array element and call it in place.
/// </summary>
internal struct LockedArrayStack<T> : IArrayStack<T>
{
    private ArrayStack<T> _stack;
    private int _lock;
    private int _operations;

    // Trimmer-only, under the lock: the operation count at the last trim pass and when it last changed.
    private int _operationsAtLastTrim;
    private int _idleSinceTick;

    public LockedArrayStack(int maximumCount)
    {
        _stack = new ArrayStack<T>(maximumCount);
        _lock = 0;
        _operations = 0;
        _operationsAtLastTrim = 0;
        _idleSinceTick = 0;
    }

    /// <summary>Arrays in the stack now (a racy read, exact when the stack is quiet).</summary>
    public readonly int Count => _stack.Count;

    public readonly int MaximumCount => _stack.MaximumCount;

    /// <summary>Changes the bound; lowering it below <see cref="Count"/> releases the arrays above it at once.</summary>
    public void SetMaximumCount(int maximumCount)
    {
        // Not counted as an operation: a bound change is no use of the stack, so idle trimming still sees it idle.
        Enter();
        _stack.SetMaximumCount(maximumCount);
        Exit();
    }

    public T[]? TryPop()
    {
        // An empty stack is the common miss: answer it without taking the lock.
        if (_stack.Count == 0)
        {
            return null;
        }

        Enter();
        T[]? array = _stack.TryPop();
        _operations++;
        Exit();
        return array;
    }

    /// <summary>Pops: a stack shared between threads does not lend (a loan is taken back without the lock).</summary>
    public T[]? TryLend() => TryPop();

    /// <summary>Always false: nothing is lent.</summary>
    public bool TryTakeBack(T[] array) => false;

    public bool TryPush(T[] array)
    {
        Enter();
        bool pushed = _stack.TryPush(array);
        _operations++;
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
    /// Empties the stack when it has been unused for at least <paramref name="idleMilliseconds"/> (always when
    /// that is 0) and returns how many arrays were released. Unused means: no pop or push since earlier passes
    /// that span that long.
    /// </summary>
    public int Drain(int nowTick, int idleMilliseconds)
    {
        // An empty stack has nothing to release; its next use changes the count the next pass compares.
        if (_stack.Count == 0)
        {
            return 0;
        }

        Enter();
        int released = 0;
        if (idleMilliseconds <= 0)
        {
            released = _stack.Clear();
        }
        else if (_operations != _operationsAtLastTrim)
        {
            _operationsAtLastTrim = _operations;
            _idleSinceTick = nowTick;
        }
        else if (unchecked(nowTick - _idleSinceTick) >= idleMilliseconds)
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

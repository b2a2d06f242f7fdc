using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Threading;
using Eddy.Internal;

namespace Eddy.Pooling;

/// <summary>
/// A pool of arrays of one length, chosen by the marker type <typeparamref name="TLength"/>, with a separate
/// stack per thread: as fast as <see cref="FixedArrayPool{T, TLength}"/> and safe to use from any thread,
/// without locks. There is one per closed type, <see cref="Shared"/>, because its storage is thread-static.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <typeparam name="TLength">The marker whose <see cref="IFixedLength.Length"/> is the array length.</typeparam>
/// <remarks>
/// <para>An array rented on one thread and returned on another is handled correctly: it joins the returning
/// thread's stack. Memory can therefore move between threads; each thread keeps at most
/// <see cref="MaximumRetained"/> arrays, and a thread's arrays are released when the thread exits.</para>
/// <para>Double-return detection looks in the returning thread's stack only: returning the same array twice
/// on two different threads is not detected.</para>
/// <para>Arrays of element types that hold references are always cleared on return.</para>
/// </remarks>
[DebuggerDisplay("ArrayLength = {ArrayLength}, RetainedCount = {RetainedCount} (this thread), MaximumRetained = {MaximumRetained}")]
public sealed class ThreadStaticFixedArrayPool<T, TLength> : IFixedArrayReturn<T>
    where TLength : struct, IFixedLength
{
    /// <summary>The default bound on arrays retained per thread.</summary>
    internal const int DefaultMaximumRetained = 1024;

    [ThreadStatic]
    private static ThreadStack? t_stack;

    private static readonly ThreadStaticFixedArrayPool<T, TLength> s_shared = new();

    private int _maximumRetainedPerThread = DefaultMaximumRetained;

    private ThreadStaticFixedArrayPool() => FixedArrayPoolCore<T, TLength>.ValidateLength();

    /// <summary>The pool of this closed type.</summary>
    public static ThreadStaticFixedArrayPool<T, TLength> Shared => s_shared;

    /// <summary>The length of every array of this pool.</summary>
    internal static int ArrayLength
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => default(TLength).Length;
    }

    /// <summary>
    /// The bound on arrays each thread keeps (default 1024). A thread
    /// that holds more than a lowered bound releases the excess at its next return.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative.</exception>
    public int MaximumRetained
    {
        get => Volatile.Read(ref _maximumRetainedPerThread);
        set
        {
            ThrowHelper.ThrowIfNegative(value);
            Volatile.Write(ref _maximumRetainedPerThread, value);
        }
    }

    /// <summary>Arrays in the calling thread's stack now.</summary>
    internal int RetainedCount => t_stack?.Stack.Count ?? 0;

    /// <summary>Rents an array of exactly <typeparamref name="TLength"/>'s length from the calling thread's stack, or a new one.</summary>
    /// <returns>The array; give it back with <see cref="Return"/>.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T[] Rent()
    {
        ThreadStack? current = t_stack;
        return FixedArrayPoolCore<T, TLength>.Rent(ref (current ?? CreateStack()).Stack, clearOnReturn: false);
    }

    /// <summary>Rents an array inside a lease that returns it when disposed: <c>using var lease = pool.Rent(out var array);</c></summary>
    /// <param name="array">The rented array.</param>
    /// <returns>The lease; dispose it once.</returns>
    public FixedArrayLease<T> Rent(out T[] array)
    {
        array = Rent();
        return new FixedArrayLease<T>(this, array);
    }

    /// <summary>Returns an array to the calling thread's stack; it is dropped when that stack is full.</summary>
    /// <param name="array">An array of exactly <typeparamref name="TLength"/>'s length.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="array"/> has another length.</exception>
    /// <exception cref="InvalidOperationException"><paramref name="array"/> is already in this thread's stack.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Return(T[] array)
    {
        // The common return first: the array the stack lent, back from its renter, with the stack's bound unchanged.
        // Being the lent front proves it is not null and of the right length.
        ThreadStack? current = t_stack;
        if (current is not null && current.Stack.MaximumCount == _maximumRetainedPerThread && current.Stack.TryTakeBack(array))
        {
            FixedArrayPoolCore<T, TLength>.Prepare(array, RuntimeHelpers.IsReferenceOrContainsReferences<T>());
            return;
        }

        ReturnUsual(array);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReturnUsual(T[] array) =>
        FixedArrayPoolCore<T, TLength>.Return(ref CurrentStack(), array, RuntimeHelpers.IsReferenceOrContainsReferences<T>());

    /// <summary>Returns an array if it can be pooled; never throws.</summary>
    /// <param name="array">The array.</param>
    /// <returns>True when the calling thread's stack took the array; false when it is null, of another length, already in that stack, or that stack is full.</returns>
    internal bool TryReturn(T[]? array) =>
        FixedArrayPoolCore<T, TLength>.TryReturn(ref CurrentStack(), array, RuntimeHelpers.IsReferenceOrContainsReferences<T>());

    /// <summary>Creates exactly <paramref name="count"/> new arrays and adds them to the calling thread's stack.</summary>
    /// <param name="count">How many arrays to create.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative or would take the thread's stack past <see cref="MaximumRetained"/>.</exception>
    public void Prewarm(int count) =>
        FixedArrayPoolCore<T, TLength>.Prewarm(ref CurrentStack(), count, RuntimeHelpers.IsReferenceOrContainsReferences<T>());

    /// <summary>Releases every array in the calling thread's stack.</summary>
    /// <returns>How many arrays were released.</returns>
    public int Trim() => t_stack?.Stack.Clear() ?? 0;

    /// <summary>The calling thread's stack, brought to the current bound (the setter cannot reach other threads' stacks).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref ArrayStack<T> CurrentStack()
    {
        ref ArrayStack<T> stack = ref (t_stack ?? CreateStack()).Stack;
        int maximum = _maximumRetainedPerThread;
        if (stack.MaximumCount != maximum)
        {
            stack.SetMaximumCount(maximum);
        }

        return ref stack;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static ThreadStack CreateStack() => t_stack = new ThreadStack(s_shared._maximumRetainedPerThread);

    /// <summary>One thread's arrays: the stack lives in a class so that the thread-static field can hold it by reference.</summary>
    private sealed class ThreadStack(int maximumCount)
    {
        public ArrayStack<T> Stack = new(maximumCount);
    }
}

using System;
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
/// <see cref="MaximumRetainedPerThread"/> arrays, and a thread's arrays are released when the thread exits.</para>
/// <para>Double-return detection looks in the returning thread's stack only: returning the same array twice
/// on two different threads is not detected.</para>
/// <para>Arrays of element types that hold references are always cleared on return.</para>
/// </remarks>
public sealed partial class ThreadStaticFixedArrayPool<T, TLength>
    where TLength : struct, IFixedLength
{
    /// <summary>The default bound on arrays retained per thread.</summary>
    public const int DefaultMaximumRetainedPerThread = 1024;

    private const int InitialCapacity = 16;

    [ThreadStatic]
    private static LocalStack? t_stack;

    private static readonly ThreadStaticFixedArrayPool<T, TLength> s_shared = new();

    private int _maximumRetainedPerThread = DefaultMaximumRetainedPerThread;

    private ThreadStaticFixedArrayPool() => FixedLength.Validate<TLength>();

    /// <summary>The pool of this closed type.</summary>
    public static ThreadStaticFixedArrayPool<T, TLength> Shared => s_shared;

    /// <summary>The length of every array of this pool.</summary>
    public static int ArrayLength
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => default(TLength).Length;
    }

    /// <summary>
    /// The bound on arrays each thread keeps (default <see cref="DefaultMaximumRetainedPerThread"/>). Lowering it
    /// does not drop arrays already retained; call <see cref="Trim"/> on the thread for that.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative.</exception>
    public int MaximumRetainedPerThread
    {
        get => Volatile.Read(ref _maximumRetainedPerThread);
        set
        {
            ThrowHelper.ThrowIfNegative(value);
            Volatile.Write(ref _maximumRetainedPerThread, value);
        }
    }

    /// <summary>Arrays in the calling thread's stack now.</summary>
    public int Count => t_stack?.Count ?? 0;

    /// <summary>Rents an array of exactly <see cref="ArrayLength"/> elements from the calling thread's stack, or a new one.</summary>
    /// <returns>The array; give it back with <see cref="Return"/>.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T[] Rent()
    {
        LocalStack? stack = t_stack;
        if (stack is not null)
        {
            int index = stack.Count - 1;
            ArraySlot<T>[] items = stack.Items;
            // An empty stack gives index -1, which wraps to a huge value and fails the one unsigned compare.
            if (unchecked((uint)index) < (uint)items.Length)
            {
                T[] array = items[index].Array!;
                items[index].Array = null;
                stack.Count = index;
                PooledArrayMark<T>.Unmark(array);
                return array;
            }
        }

        return FixedLength.Allocate<T>(ArrayLength);
    }

    /// <summary>Rents an array inside a lease that returns it when disposed: <c>using var lease = pool.Rent(out var array);</c></summary>
    /// <param name="array">The rented array.</param>
    /// <returns>The lease; dispose it once.</returns>
    public Lease Rent(out T[] array)
    {
        array = Rent();
        return new Lease(this, array);
    }

    /// <summary>Returns an array to the calling thread's stack; it is dropped when that stack is full.</summary>
    /// <param name="array">An array of exactly <see cref="ArrayLength"/> elements.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="array"/> has another length.</exception>
    /// <exception cref="InvalidOperationException"><paramref name="array"/> is already in this thread's stack.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Return(T[] array)
    {
        FixedLength.ValidateReturnedArray(array, ArrayLength);

        LocalStack stack = t_stack ?? CreateStack();
        if (PooledArrayMark<T>.MayBePooled(array) && stack.Contains(array))
        {
            FixedLength.ThrowReturnedTwice(ArrayLength);
        }

        Push(stack, array);
    }

    /// <summary>Returns an array if it can be pooled; never throws.</summary>
    /// <param name="array">The array.</param>
    /// <returns>True when the calling thread's stack took the array; false when it is null, of another length, already in that stack, or that stack is full.</returns>
    public bool TryReturn(T[]? array)
    {
        if (array is null || array.Length != ArrayLength)
        {
            return false;
        }

        LocalStack stack = t_stack ?? CreateStack();
        return !(PooledArrayMark<T>.MayBePooled(array) && stack.Contains(array)) && Push(stack, array);
    }

    /// <summary>Creates exactly <paramref name="count"/> new arrays and adds them to the calling thread's stack.</summary>
    /// <param name="count">How many arrays to create.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative or would take the thread's stack past <see cref="MaximumRetainedPerThread"/>.</exception>
    public void Prewarm(int count)
    {
        LocalStack stack = t_stack ?? CreateStack();
        int room = MaximumRetainedPerThread - stack.Count;
        if (unchecked((uint)count) > (uint)Math.Max(room, 0))
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(count), count, $"Must be from 0 to the thread's free room, {Math.Max(room, 0)}.");
        }

        for (int i = 0; i < count; i++)
        {
            Push(stack, FixedLength.Allocate<T>(ArrayLength));
        }
    }

    /// <summary>Drops every array in the calling thread's stack.</summary>
    /// <returns>How many arrays were dropped.</returns>
    public int Trim()
    {
        LocalStack? stack = t_stack;
        if (stack is null)
        {
            return 0;
        }

        int count = stack.Count;
        Array.Clear(stack.Items, 0, count);
        stack.Count = 0;
        return count;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool Push(LocalStack stack, T[] array)
    {
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            array.AsSpan().Clear();
        }

        int count = stack.Count;
        ArraySlot<T>[] items = stack.Items;
        if ((uint)count < (uint)items.Length && count < _maximumRetainedPerThread)
        {
            PooledArrayMark<T>.Mark(array);
            items[count].Array = array;
            stack.Count = count + 1;
            return true;
        }

        return GrowAndPush(stack, array);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool GrowAndPush(LocalStack stack, T[] array)
    {
        int count = stack.Count;
        int maximum = MaximumRetainedPerThread;
        if (count >= maximum)
        {
            return false;
        }

        if (count >= stack.Items.Length)
        {
            var grown = new ArraySlot<T>[(int)Math.Min(Math.Max((long)stack.Items.Length * 2, InitialCapacity), maximum)];
            Array.Copy(stack.Items, grown, count);
            stack.Items = grown;
        }

        PooledArrayMark<T>.Mark(array);
        stack.Items[count].Array = array;
        stack.Count = count + 1;
        return true;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static LocalStack CreateStack() => t_stack = new LocalStack();

    /// <summary>One thread's arrays.</summary>
    private sealed class LocalStack
    {
        public ArraySlot<T>[] Items = new ArraySlot<T>[InitialCapacity];
        public int Count;

        [MethodImpl(MethodImplOptions.NoInlining)]
        public bool Contains(T[] array)
        {
            for (int i = 0; i < Count; i++)
            {
                if (ReferenceEquals(Items[i].Array, array))
                {
                    return true;
                }
            }

            return false;
        }
    }
}

using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Eddy.Internal;

namespace Eddy.Pooling;

/// <summary>
/// Everything the three fixed-length pools do alike: renting, returning with its checks, pre-warming. They
/// differ only in where their arrays wait: <see cref="FixedArrayPool{T, TLength}"/> in one
/// <see cref="ArrayStack{T}"/>, <see cref="ConcurrentFixedArrayPool{T, TLength}"/> in one
/// <see cref="LockedArrayStack{T}"/>, <see cref="ThreadStaticFixedArrayPool{T, TLength}"/> in one
/// <see cref="ArrayStack{T}"/> per thread. The stack is a struct type argument, so each pool gets its own
/// compiled copy of these paths with direct calls, and <c>default(TLength).Length</c> folds to a constant.
/// </summary>
internal static class FixedArrayPoolCore<T, TLength>
    where TLength : struct, IFixedLength
{
    public static int ArrayLength
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => default(TLength).Length;
    }

    /// <summary>Throws when the marker's length is not positive.</summary>
    public static void ValidateLength()
    {
        int length = ArrayLength;
        if (length <= 0)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(typeof(TLength).Name, length, "A fixed length must be positive.");
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T[] Rent<TStack>(ref TStack stack, bool clearOnReturn)
        where TStack : struct, IArrayStack<T>
    {
        T[]? array = stack.TryLend();
        if (array is not null)
        {
            PooledArrayMark<T>.Unmark(array, ArrayLength);
            return array;
        }

        return Allocate(clearOnReturn);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Return<TStack>(ref TStack stack, T[] array, bool clearOnReturn)
        where TStack : struct, IArrayStack<T>
    {
        ValidateReturnedArray(array);

        if (stack.TryTakeBack(array))
        {
            // The lent front came back: it is held again, cleared and marked like any pooled array.
            Prepare(array, clearOnReturn);
            return;
        }

        if (PooledArrayMark<T>.MayBePooled(array, ArrayLength) && stack.Contains(array))
        {
            ThrowHelper.ThrowInvalidOperationException_ReturnedTwice($"An array of the fixed length {ArrayLength}");
        }

        Push(ref stack, array, clearOnReturn);
    }

    public static bool TryReturn<TStack>(ref TStack stack, T[]? array, bool clearOnReturn)
        where TStack : struct, IArrayStack<T>
    {
        if (array is null || array.Length != ArrayLength)
        {
            return false;
        }

        if (stack.TryTakeBack(array))
        {
            Prepare(array, clearOnReturn);
            return true;
        }

        if (PooledArrayMark<T>.MayBePooled(array, ArrayLength) && stack.Contains(array))
        {
            return false;
        }

        return Push(ref stack, array, clearOnReturn);
    }

    public static void Prewarm<TStack>(ref TStack stack, int count, bool clearOnReturn)
        where TStack : struct, IArrayStack<T>
    {
        int room = Math.Max(stack.MaximumCount - stack.Count, 0);
        if (unchecked((uint)count) > (uint)room)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(count), count, $"Must be from 0 to the pool's free room, {room}.");
        }

        for (int i = 0; i < count; i++)
        {
            // A shared stack may be filled by other threads meanwhile; what does not fit is simply not kept.
            Push(ref stack, Allocate(clearOnReturn), clearOnReturn);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool Push<TStack>(ref TStack stack, T[] array, bool clearOnReturn)
        where TStack : struct, IArrayStack<T>
    {
        // Prepared before it is pushed: once in a shared stack, another thread may rent it and unmark it.
        Prepare(array, clearOnReturn);
        return stack.TryPush(array);
    }

    /// <summary>What every array entering the pool gets: cleared when asked, then marked as pooled.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Prepare(T[] array, bool clearOnReturn)
    {
        if (clearOnReturn)
        {
            array.AsSpan().Clear();
        }

        PooledArrayMark<T>.Mark(array, ArrayLength);
    }

    /// <summary>
    /// The argument checks of a return: not null, exactly <see cref="ArrayLength"/> elements. Inlined, so the
    /// fast path stays two compares with the throws out of line.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void ValidateReturnedArray([NotNull] T[]? array)
    {
        if (array is null)
        {
            ThrowHelper.ThrowArgumentNullException(nameof(array));
        }

        if (array.Length != ArrayLength)
        {
            ThrowHelper.ThrowArgumentException_WrongArrayLength(array.Length, ArrayLength, nameof(array));
        }
    }

    /// <summary>A new array; not zeroed where the runtime allows and the element type has no references, unless the pool clears.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static T[] Allocate(bool zeroed) => ArrayAllocation.New<T>(ArrayLength, zeroed);
}

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Eddy.Internal;

namespace Eddy.Pooling;

/// <summary>
/// The fastest pool of arrays of one length, chosen by the marker type <typeparamref name="TLength"/> (for
/// example <see cref="L32"/>), for use by one thread at a time. The length is a JIT-time constant, so renting
/// is a pop from a plain array and returning a push, with no size-class lookup.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <typeparam name="TLength">The marker whose <see cref="IFixedLength.Length"/> is the array length.</typeparam>
/// <remarks>
/// <para>Not thread-safe: use <see cref="ConcurrentFixedArrayPool{T, TLength}"/> to share one pool between
/// threads, or <see cref="ThreadStaticFixedArrayPool{T, TLength}"/> for one pool per thread.</para>
/// <para>Returned arrays of element types that hold references are cleared by default, so pooled arrays never
/// keep objects alive. Returning an array that is already in the pool throws; the check costs one read for
/// element types without references and, for those with references, a scan of the pool whenever the
/// returned array's last element is default (see docs/pools.md).</para>
/// </remarks>
[DebuggerDisplay("ArrayLength = {ArrayLength}, RetainedCount = {RetainedCount}, MaximumRetained = {MaximumRetained}")]
public sealed class FixedArrayPool<T, TLength> : IFixedArrayReturn<T>
    where TLength : struct, IFixedLength
{
    /// <summary>The default bound on retained arrays.</summary>
    internal const int DefaultMaximumRetained = 1024;

    private readonly bool _clearOnReturn;
    private ArrayStack<T> _stack;

    /// <summary>Creates a pool that keeps at most 1024 arrays.</summary>
    public FixedArrayPool()
        : this(DefaultMaximumRetained)
    {
    }

    /// <summary>Creates a pool that keeps at most <paramref name="maximumRetained"/> arrays.</summary>
    /// <param name="maximumRetained">The bound on retained arrays; returns beyond it are dropped.</param>
    public FixedArrayPool(int maximumRetained)
        : this(maximumRetained, RuntimeHelpers.IsReferenceOrContainsReferences<T>())
    {
    }

    /// <summary>Creates a pool.</summary>
    /// <param name="maximumRetained">The bound on retained arrays; returns beyond it are dropped.</param>
    /// <param name="clearOnReturn">True to zero arrays on return (the default for element types with references).</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maximumRetained"/> is negative, or the marker's length is not positive.</exception>
    public FixedArrayPool(int maximumRetained, bool clearOnReturn)
    {
        ThrowHelper.ThrowIfNegative(maximumRetained);
        FixedArrayPoolCore<T, TLength>.ValidateLength();
        _stack = new ArrayStack<T>(maximumRetained);
        _clearOnReturn = clearOnReturn;
    }

    /// <summary>The length of every array of this pool.</summary>
    internal static int ArrayLength
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => default(TLength).Length;
    }

    /// <summary>Arrays in the pool now.</summary>
    internal int RetainedCount => _stack.Count;

    /// <summary>The bound on retained arrays.</summary>
    public int MaximumRetained => _stack.MaximumCount;

    /// <summary>Rents an array of exactly <typeparamref name="TLength"/>'s length, pooled or new.</summary>
    /// <returns>The array; give it back with <see cref="Return"/>.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T[] Rent() => FixedArrayPoolCore<T, TLength>.Rent(ref _stack, _clearOnReturn);

    /// <summary>Rents an array inside a lease that returns it when disposed: <c>using var lease = pool.Rent(out var array);</c></summary>
    /// <param name="array">The rented array.</param>
    /// <returns>The lease; dispose it once.</returns>
    public FixedArrayLease<T> Rent(out T[] array)
    {
        array = Rent();
        return new FixedArrayLease<T>(this, array);
    }

    /// <summary>Returns an array; it is dropped when the pool is full.</summary>
    /// <param name="array">An array of exactly <typeparamref name="TLength"/>'s length.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="array"/> has another length.</exception>
    /// <exception cref="InvalidOperationException"><paramref name="array"/> is already in the pool.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Return(T[] array) => FixedArrayPoolCore<T, TLength>.Return(ref _stack, array, _clearOnReturn);

    /// <summary>Returns an array if it can be pooled; never throws.</summary>
    /// <param name="array">The array.</param>
    /// <returns>True when the pool took the array; false when it is null, of another length, already in the pool, or the pool is full.</returns>
    internal bool TryReturn(T[]? array) => FixedArrayPoolCore<T, TLength>.TryReturn(ref _stack, array, _clearOnReturn);

    /// <summary>Creates exactly <paramref name="count"/> new arrays and adds them to the pool.</summary>
    /// <param name="count">How many arrays to create.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative or would take the pool past <see cref="MaximumRetained"/>.</exception>
    public void Prewarm(int count) => FixedArrayPoolCore<T, TLength>.Prewarm(ref _stack, count, _clearOnReturn);

    /// <summary>Releases every pooled array.</summary>
    /// <returns>How many arrays were released.</returns>
    public int Trim() => _stack.Clear();
}

using System;
using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Eddy.Internal;

namespace Eddy.Pooling;

/// <summary>
/// An <see cref="ArrayPool{T}"/> built from Eddy's pieces, to pass wherever the BCL accepts an
/// <see cref="ArrayPool{T}"/>: power-of-two size classes from 16 elements to <see cref="MaximumArrayLength"/>,
/// each a bounded thread-safe stack, with Eddy's safety checks (double returns and foreign lengths throw,
/// arrays of element types with references are cleared on return by default).
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <remarks>
/// Requests above <see cref="MaximumArrayLength"/> get an unpooled array of exactly the requested length; any
/// array longer than <see cref="MaximumArrayLength"/> is accepted on return and dropped. Shorter arrays must
/// have exactly a class length, else <see cref="ArgumentException"/>. For bytes prefer <see cref="BlockPool"/>,
/// which adds a thread-local tier and a byte cap.
/// </remarks>
[DebuggerDisplay("RetainedCount = {RetainedCount}, MaximumArrayLength = {MaximumArrayLength}, MaximumRetainedPerClass = {MaximumRetainedPerClass}")]
[DebuggerTypeProxy(typeof(EddyArrayPoolDebugView<>))]
public sealed class EddyArrayPool<T> : ArrayPool<T>
{
    /// <summary>The default of <see cref="MaximumArrayLength"/>: 1,048,576 elements.</summary>
    public const int DefaultMaximumArrayLength = 1 << 20;

    /// <summary>The default bound on arrays retained per size class.</summary>
    public const int DefaultMaximumRetainedPerClass = 64;

    private const int MinimumShift = 4;

    private static readonly EddyArrayPool<T> s_shared = new();

    private readonly LockedArrayStack<T>[] _classes;
    private readonly int _maximumArrayLength;
    private readonly bool _clearOnReturn;

    /// <summary>Creates a pool with the default limits.</summary>
    public EddyArrayPool()
        : this(DefaultMaximumArrayLength, DefaultMaximumRetainedPerClass)
    {
    }

    /// <summary>Creates a pool that clears arrays on return when the element type holds references.</summary>
    /// <param name="maximumArrayLength">The largest pooled length, a power of two from 16 to 2^30.</param>
    /// <param name="maximumRetainedPerClass">The bound on arrays retained per size class.</param>
    /// <exception cref="ArgumentOutOfRangeException">A limit is out of range.</exception>
    public EddyArrayPool(int maximumArrayLength, int maximumRetainedPerClass)
        : this(maximumArrayLength, maximumRetainedPerClass, RuntimeHelpers.IsReferenceOrContainsReferences<T>())
    {
    }

    /// <summary>Creates a pool.</summary>
    /// <param name="maximumArrayLength">The largest pooled length, a power of two from 16 to 2^30.</param>
    /// <param name="maximumRetainedPerClass">The bound on arrays retained per size class.</param>
    /// <param name="clearOnReturn">True to zero every returned array (the default for element types with references).</param>
    /// <exception cref="ArgumentOutOfRangeException">A limit is out of range.</exception>
    public EddyArrayPool(int maximumArrayLength, int maximumRetainedPerClass, bool clearOnReturn)
    {
        if (!SizeClass.IsPowerOfTwo(maximumArrayLength) || maximumArrayLength < 1 << MinimumShift || maximumArrayLength > SizeClass.MaxPowerOfTwo)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(maximumArrayLength), maximumArrayLength, "Must be a power of two from 16 to 2^30.");
        }

        ThrowHelper.ThrowIfNegative(maximumRetainedPerClass);
        _maximumArrayLength = maximumArrayLength;
        _clearOnReturn = clearOnReturn;
        _classes = new LockedArrayStack<T>[SizeClass.GetExactIndex(maximumArrayLength, MinimumShift) + 1];
        for (int i = 0; i < _classes.Length; i++)
        {
            _classes[i] = new LockedArrayStack<T>(maximumRetainedPerClass);
        }
    }

    /// <summary>A process-wide instance with the default limits.</summary>
    public static new EddyArrayPool<T> Shared => s_shared;

    /// <summary>The largest pooled array length.</summary>
    public int MaximumArrayLength => _maximumArrayLength;

    /// <summary>The bound on arrays retained per size class.</summary>
    public int MaximumRetainedPerClass => _classes[0].MaximumCount;

    /// <summary>Arrays retained now, all classes together.</summary>
    public int RetainedCount
    {
        get
        {
            int total = 0;
            for (int i = 0; i < _classes.Length; i++)
            {
                total += _classes[i].Count;
            }

            return total;
        }
    }

    /// <summary>Arrays retained now in the size class of index <paramref name="index"/> (length 16 &lt;&lt; index), for the debugger view.</summary>
    internal int RetainedCountOfClass(int index) => _classes[index].Count;

    internal int ClassCount => _classes.Length;

    /// <summary>Rents an array of at least <paramref name="minimumLength"/> elements (an empty one for 0).</summary>
    /// <param name="minimumLength">The least length needed.</param>
    /// <returns>The array.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="minimumLength"/> is negative.</exception>
    public override T[] Rent(int minimumLength)
    {
        // 0 and negative lengths wrap to huge values and take the unusual path.
        if (unchecked((uint)(minimumLength - 1)) < (uint)_maximumArrayLength)
        {
            int index = SizeClass.GetIndex(minimumLength, MinimumShift);
            T[]? array = _classes[index].TryPop();
            if (array is not null)
            {
                PooledArrayMark<T>.Unmark(array, array.Length);
                return array;
            }

            return ArrayAllocation.Uninitialized<T>(SizeClass.GetSize(index, MinimumShift));
        }

        if (minimumLength == 0)
        {
            return Array.Empty<T>();
        }

        if (minimumLength < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException_NeedNonNegative(nameof(minimumLength), minimumLength);
        }

        return ArrayAllocation.Uninitialized<T>(minimumLength);
    }

    /// <summary>Returns an array: pooled if its length is a class length (dropped when the class is full), dropped if longer than <see cref="MaximumArrayLength"/>, ignored if empty.</summary>
    /// <param name="array">The array.</param>
    /// <param name="clearArray">True to clear the array before anyone else can rent it.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentException">The array's length is not one this pool hands out.</exception>
    /// <exception cref="InvalidOperationException">The array is already in the pool.</exception>
    public override void Return(T[] array, bool clearArray = false)
    {
        if (array is null)
        {
            ThrowHelper.ThrowArgumentNullException(nameof(array));
        }

        int length = array.Length;
        int index = SizeClass.GetExactIndex(length, MinimumShift);
        if (unchecked((uint)index) >= (uint)_classes.Length)
        {
            if (length != 0 && length <= _maximumArrayLength)
            {
                ThrowHelper.ThrowArgumentException(
                    $"The array was not rented from this pool: its length {length} is not a size class (a power of two from 16 to {_maximumArrayLength}).",
                    nameof(array));
            }

            return;
        }

        ref LockedArrayStack<T> stack = ref _classes[index];
        if (PooledArrayMark<T>.MayBePooled(array, length) && stack.Contains(array))
        {
            ThrowHelper.ThrowInvalidOperationException_ReturnedTwice($"An array of {length} elements (size class {index})");
        }

        if (clearArray || _clearOnReturn)
        {
            array.AsSpan().Clear();
        }

        PooledArrayMark<T>.Mark(array, length);
        stack.TryPush(array);
    }

    /// <summary>Releases every retained array.</summary>
    /// <returns>How many arrays were released.</returns>
    public int Trim()
    {
        int total = 0;
        for (int i = 0; i < _classes.Length; i++)
        {
            total += _classes[i].Clear();
        }

        return total;
    }
}

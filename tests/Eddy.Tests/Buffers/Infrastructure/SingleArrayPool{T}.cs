using System.Buffers;

namespace Eddy.Tests.Buffers.Infrastructure;

/// <summary>
/// Hands out the same array for every rent, so a test can build a buffer longer than 2 GiB from aliased
/// chunks using almost no memory. Only lengths and positions are meaningful with it, not contents.
/// </summary>
public sealed class SingleArrayPool<T> : ArrayPool<T>
{
    private readonly T[] _array;

    public SingleArrayPool(int length) => _array = new T[length];

    public int Rents { get; private set; }

    public int Returns { get; private set; }

    public override T[] Rent(int minimumLength)
    {
        Assert.True(minimumLength <= _array.Length, "the test asked for more than the single array holds");
        Rents++;
        return _array;
    }

    public override void Return(T[] array, bool clearArray = false)
    {
        Assert.Same(_array, array);
        Returns++;
    }
}

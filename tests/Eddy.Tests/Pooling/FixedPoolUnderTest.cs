using System;
using Eddy.Pooling;

namespace Eddy.Tests.Pooling;

/// <summary>One face over the three fixed-length pool variants, so one suite runs against each.</summary>
public interface IFixedPoolUnderTest<T>
{
    int ArrayLength { get; }

    int RetainedCount { get; }

    T[] Rent();

    IDisposable Rent(out T[] array);

    void Return(T[] array);

    bool TryReturn(T[]? array);

    void Prewarm(int count);

    int Trim();
}

public sealed class SingleThreadedPool<T, TLength>(int maximumRetained) : IFixedPoolUnderTest<T>
    where TLength : struct, IFixedLength
{
    private readonly FixedArrayPool<T, TLength> _pool = new(maximumRetained);

    public int ArrayLength => FixedArrayPool<T, TLength>.ArrayLength;

    public int RetainedCount => _pool.RetainedCount;

    public T[] Rent() => _pool.Rent();

    public IDisposable Rent(out T[] array) => _pool.Rent(out array);

    public void Return(T[] array) => _pool.Return(array);

    public bool TryReturn(T[]? array) => _pool.TryReturn(array);

    public void Prewarm(int count) => _pool.Prewarm(count);

    public int Trim() => _pool.Trim();
}

public sealed class ConcurrentPool<T, TLength>(int maximumRetained) : IFixedPoolUnderTest<T>
    where TLength : struct, IFixedLength
{
    private readonly ConcurrentFixedArrayPool<T, TLength> _pool = new(maximumRetained);

    public int ArrayLength => ConcurrentFixedArrayPool<T, TLength>.ArrayLength;

    public int RetainedCount => _pool.RetainedCount;

    public T[] Rent() => _pool.Rent();

    public IDisposable Rent(out T[] array) => _pool.Rent(out array);

    public void Return(T[] array) => _pool.Return(array);

    public bool TryReturn(T[]? array) => _pool.TryReturn(array);

    public void Prewarm(int count) => _pool.Prewarm(count);

    public int Trim() => _pool.Trim();
}

/// <summary>The thread-static pool is per closed type and per thread: each test starts by emptying this thread's stack.</summary>
public sealed class ThreadStaticPool<T, TLength> : IFixedPoolUnderTest<T>
    where TLength : struct, IFixedLength
{
    private static ThreadStaticFixedArrayPool<T, TLength> Pool => ThreadStaticFixedArrayPool<T, TLength>.Shared;

    public ThreadStaticPool(int maximumRetained)
    {
        Pool.MaximumRetained = maximumRetained;
        Pool.Trim();
    }

    public int ArrayLength => ThreadStaticFixedArrayPool<T, TLength>.ArrayLength;

    public int RetainedCount => Pool.RetainedCount;

    public T[] Rent() => Pool.Rent();

    public IDisposable Rent(out T[] array) => Pool.Rent(out array);

    public void Return(T[] array) => Pool.Return(array);

    public bool TryReturn(T[]? array) => Pool.TryReturn(array);

    public void Prewarm(int count) => Pool.Prewarm(count);

    public int Trim() => Pool.Trim();
}

/// <summary>A user-declared length: 3 elements (3 bytes for byte, too short to carry the cookie).</summary>
public struct L3 : IFixedLength
{
    public readonly int Length => 3;
}

/// <summary>An invalid length, rejected by every pool.</summary>
public struct LZero : IFixedLength
{
    public readonly int Length => 0;
}

using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using Eddy.Pooling;

namespace Eddy.Tests.Pooling;

/// <summary>
/// The <see cref="ArrayPool{T}"/> contract every Eddy pool that is one keeps, run against each by the
/// subclasses below. (The fixed-length pools are not <see cref="ArrayPool{T}"/>s: the parts of this contract
/// that apply to them run in <see cref="FixedPoolSuite"/>.)
/// </summary>
public abstract class ArrayPoolContract
{
    protected abstract ArrayPool<byte> CreatePool();

    [Theory]
    [InlineData(1)]
    [InlineData(100)]
    [InlineData(256)]
    [InlineData(4097)]
    [InlineData(100_000)]
    [InlineData(3 << 20)]
    public void Rent_returns_at_least_the_length_asked(int minimumLength) =>
        Assert.True(CreatePool().Rent(minimumLength).Length >= minimumLength);

    [Fact]
    public void Rent_zero_returns_an_empty_array() => Assert.Empty(CreatePool().Rent(0));

    [Theory]
    [InlineData(-1)]
    [InlineData(int.MinValue)]
    public void Rent_negative_throws_naming_minimumLength(int minimumLength) =>
        Assert.Equal("minimumLength", Assert.Throws<ArgumentOutOfRangeException>(() => CreatePool().Rent(minimumLength)).ParamName);

    [Fact]
    public void A_returned_array_is_rented_again()
    {
        ArrayPool<byte> pool = CreatePool();
        byte[] array = pool.Rent(1000);
        pool.Return(array);
        Assert.Same(array, pool.Rent(1000));
    }

    [Fact]
    public void Returning_null_throws() =>
        Assert.Equal("array", Assert.Throws<ArgumentNullException>(() => CreatePool().Return(null!)).ParamName);

    [Fact]
    public void Returning_a_foreign_array_of_a_length_the_pool_never_hands_out_throws() =>
        Assert.Equal("array", Assert.Throws<ArgumentException>(() => CreatePool().Return(new byte[1000])).ParamName);

    [Fact]
    public void Returning_an_array_twice_throws_while_it_is_in_the_pool()
    {
        ArrayPool<byte> pool = CreatePool();
        byte[] array = pool.Rent(4096);
        pool.Return(array);
        Assert.Throws<InvalidOperationException>(() => pool.Return(array));
        Assert.Same(array, pool.Rent(4096));
        Assert.NotSame(array, pool.Rent(4096));
        pool.Return(array);
    }

    [Fact]
    public void ClearArray_zeroes_the_array_before_it_is_rented_again()
    {
        ArrayPool<byte> pool = CreatePool();
        byte[] array = pool.Rent(2048);
        array.AsSpan().Fill(0xAB);
        pool.Return(array, clearArray: true);
        byte[] again = pool.Rent(2048);
        Assert.Same(array, again);
        Assert.True(again.AsSpan().IndexOfAnyExcept((byte)0) < 0);
    }

    [Fact]
    public void Concurrent_renters_never_get_the_same_array()
    {
        ArrayPool<byte> pool = CreatePool();
        var held = new ConcurrentDictionary<byte[], int>(ReferenceEqualityComparer.Instance);
        long violations = 0;

        void Work(int owner)
        {
            var mine = new byte[3][];
            for (int round = 0; round < 20_000; round++)
            {
                for (int i = 0; i < mine.Length; i++)
                {
                    mine[i] = pool.Rent(512 << i);
                    if (!held.TryAdd(mine[i], owner))
                    {
                        Interlocked.Increment(ref violations);
                    }
                }

                for (int i = 0; i < mine.Length; i++)
                {
                    held.TryRemove(mine[i], out _);
                    pool.Return(mine[i]);
                }
            }
        }

        var threads = new Thread[4];
        for (int t = 0; t < threads.Length; t++)
        {
            int owner = t;
            threads[t] = new Thread(() => Work(owner));
            threads[t].Start();
        }

        foreach (Thread thread in threads)
        {
            thread.Join();
        }

        Assert.Equal(0, violations);
    }
}

public class NewBlockPoolContract : ArrayPoolContract
{
    protected override ArrayPool<byte> CreatePool() => new BlockPool();
}

public class SharedBlockPoolContract : ArrayPoolContract
{
    protected override ArrayPool<byte> CreatePool() => BlockPool.Shared;
}

public class EddyArrayPoolContract : ArrayPoolContract
{
    protected override ArrayPool<byte> CreatePool() => new EddyArrayPool<byte>();
}

public class SharedEddyArrayPoolContract : ArrayPoolContract
{
    protected override ArrayPool<byte> CreatePool() => EddyArrayPool<byte>.Shared;
}

using System;
using System.Buffers;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Lifetime;
using Eddy.Internal;
using Eddy.Pooling;
using Eddy.Tests.Pooling.SelfReturning;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Pooling;

/// <summary>
/// The pools' unsigned-compare idioms (an index of -1 or a negative argument wrapping to a huge value) must not
/// throw <see cref="OverflowException"/> in a Debug build, which checks arithmetic. Each test here reaches one
/// such idiom with the value that wraps; the suite runs in Debug as well as Release.
/// </summary>
public class CheckedArithmeticTests
{
    [Fact]
    public void Cold_rent_on_an_empty_fixed_pool_allocates()
    {
        var pool = new FixedArrayPool<byte, L32>();
        Assert.Equal(32, pool.Rent().Length);
    }

    [Fact]
    public void Rent_from_a_thread_static_stack_that_exists_but_is_empty_allocates()
    {
        // A fresh thread, so the stack is created by the return and then emptied by the first rent.
        int length = FreshThread.Run(() =>
        {
            ThreadStaticFixedArrayPool<byte, L64> pool = ThreadStaticFixedArrayPool<byte, L64>.Shared;
            pool.Return(pool.Rent());
            _ = pool.Rent();
            return pool.Rent().Length;
        });

        Assert.Equal(64, length);
    }

    [Fact]
    public void Negative_prewarm_throws_ArgumentOutOfRange_on_every_fixed_pool()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new FixedArrayPool<byte, L32>().Prewarm(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => new ConcurrentFixedArrayPool<byte, L32>().Prewarm(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => FreshThread.Run(() =>
        {
            ThreadStaticFixedArrayPool<byte, L32>.Shared.Prewarm(-1);
            return 0;
        }));
    }

    [Fact]
    public async Task A_stack_emptied_between_the_count_check_and_the_lock_pops_nothing()
    {
        // Two threads fight over one array: a pop that saw a count of 1 often takes the lock after the other
        // pop emptied the stack, so its index is -1. An exception there would leave the lock held and the
        // other thread spinning, so the test waits with a bound and reports the first fault.
        var stack = new LockedArrayStack<byte>(1);
        var array = new byte[1];
        stack.TryPush(array);
        long popped = 0;
        using var start = new Barrier(2);
        void Fight()
        {
            start.SignalAndWait();
            var clock = Stopwatch.StartNew();
            while (clock.ElapsedMilliseconds < 300)
            {
                for (int i = 0; i < 1000; i++)
                {
                    byte[]? taken = stack.TryPop();
                    if (taken is not null)
                    {
                        Interlocked.Increment(ref popped);
                        Assert.True(stack.TryPush(taken));
                    }
                }
            }
        }

        Task[] fighters = { Task.Factory.StartNew(Fight, TaskCreationOptions.LongRunning), Task.Factory.StartNew(Fight, TaskCreationOptions.LongRunning) };
        await await Task.WhenAny(fighters);
        Task all = Task.WhenAll(fighters);
        Assert.Same(all, await Task.WhenAny(all, Task.Delay(TimeSpan.FromSeconds(30))));
        Assert.True(popped > 0);
        Assert.Same(array, stack.TryPop());
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    [InlineData(int.MinValue)]
    public void Rent_of_zero_or_less_takes_the_unusual_path(int minimumLength)
    {
        foreach (ArrayPool<byte> pool in new ArrayPool<byte>[] { new BlockPool(), new EddyArrayPool<byte>() })
        {
            if (minimumLength == 0)
            {
                Assert.Empty(pool.Rent(minimumLength));
            }
            else
            {
                Assert.Throws<ArgumentOutOfRangeException>(() => pool.Rent(minimumLength));
            }
        }
    }

    [Fact]
    public void Return_of_a_length_that_is_no_class_throws_ArgumentException()
    {
        Assert.Throws<ArgumentException>(() => new BlockPool().Return(new byte[100]));
        Assert.Throws<ArgumentException>(() => new EddyArrayPool<int>().Return(new int[100]));
    }

    [Fact]
    public void Size_class_of_zero_is_class_zero() => Assert.Equal(0, SizeClass.GetIndex(0, 8));

    [Fact]
    public void Self_returning_buffers_reject_negative_lengths_indexes_and_offsets()
    {
        var pool = new SelfReturningBufferPool(new CountingArrayPool());
        Assert.Throws<ArgumentOutOfRangeException>(() => pool.Rent(-1));
        using SelfReturningBuffer buffer = pool.Rent(16);
        Assert.Throws<IndexOutOfRangeException>(() => buffer[-1]);
        Assert.Throws<IndexOutOfRangeException>(() => buffer[-1] = 1);
        Assert.Throws<ArgumentOutOfRangeException>(() => buffer.CopyFrom(-1, new byte[1]));
    }

    [Fact]
    public void Leak_sampling_survives_the_creation_counter_wrapping()
    {
        int creations = int.MaxValue;
        _ = Rescues.ShouldSample(ref creations);
        Assert.Equal(int.MinValue, creations);
    }

    [Fact]
    public void A_negative_slot_is_not_live() =>
        Assert.False(new BufferRegistry(new SelfReturningBufferPool()).IsLiveLocked(-1));
}

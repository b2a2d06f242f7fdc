using System;
namespace Eddy.Buffers;

/// <summary>
/// A small process-wide cache of <see cref="BufferSegment{T}"/> objects, so that a buffer that is created,
/// filled and disposed in a loop allocates no chunk objects in steady state.
/// </summary>
/// <remarks>
/// A short stack per thread, then a bounded stack under a lock shared by all threads. A buffer takes a segment per
/// chunk and gives them all back on Dispose, so the thread's stack serves every chunk of a buffer of up to
/// <see cref="ThreadCapacity"/> chunks without a lock; segments moved between threads (a buffer disposed on another
/// thread) overflow to the shared stack. When that is full a returned segment is left to the garbage collector; when
/// it is empty a new one is allocated. Neither is an error.
/// </remarks>
internal static class BufferSegmentPool<T>
{
    /// <summary>Segments each thread keeps: a buffer's first chunks (4 KiB of data and up by default).</summary>
    internal const int ThreadCapacity = 32;

    /// <summary>Enough for 256 MiB of default-sized (1 MiB) chunks in flight.</summary>
    private const int Capacity = 256;

    private static readonly BufferSegment<T>[] s_items = new BufferSegment<T>[Capacity];
    private static int s_count;

    // The thread's own segments, in front of the locked stack: an uncontended lock pair costs about as much as the
    // rest of a small buffer's create-use-dispose cycle, and a chunked stream takes and gives back a dozen at once.
    [ThreadStatic]
    private static ThreadStack? t_stack;

    /// <summary>A cleared segment, from the cache when one is there.</summary>
    public static BufferSegment<T> Rent()
    {
        ThreadStack? stack = t_stack;
        if (stack is not null)
        {
            int count = stack.Count;
            if (count > 0)
            {
                stack.Count = --count;
                BufferSegment<T> segment = stack.Items[count]!;
                stack.Items[count] = null;
                return segment;
            }
        }

        return RentShared();
    }

    /// <summary>Caches <paramref name="segment"/>, which the caller has cleared and no longer references.</summary>
    public static void Return(BufferSegment<T> segment)
    {
        ThreadStack stack = t_stack ??= new ThreadStack();
        int count = stack.Count;
        if (count < ThreadCapacity)
        {
            stack.Items[count] = segment;
            stack.Count = count + 1;
            return;
        }

        ReturnShared(segment);
    }

    private static BufferSegment<T> RentShared()
    {
        BufferSegment<T>[] items = s_items;
        lock (items)
        {
            int count = s_count;
            if (count > 0)
            {
                s_count = --count;
                BufferSegment<T> segment = items[count];
                items[count] = null!;
                return segment;
            }
        }

        return new BufferSegment<T>();
    }

    private static void ReturnShared(BufferSegment<T> segment)
    {
        BufferSegment<T>[] items = s_items;
        lock (items)
        {
            int count = s_count;
            if (count < items.Length)
            {
                items[count] = segment;
                s_count = count + 1;
            }
        }
    }

    /// <summary>A thread's segments: a fixed array and its count, one object so one thread-static read finds both.</summary>
    private sealed class ThreadStack
    {
        public readonly BufferSegment<T>?[] Items = new BufferSegment<T>?[ThreadCapacity];
        public int Count;
    }
}

using System;
namespace Eddy.Buffers;

/// <summary>
/// A small process-wide cache of <see cref="BufferSegment{T}"/> objects, so that a buffer that is created,
/// filled and disposed in a loop allocates no chunk objects in steady state.
/// </summary>
/// <remarks>
/// A segment per thread, then a bounded stack under a lock: taken once per chunk (at least 4 KiB of data by default), so the
/// uncontended lock costs nothing measurable next to filling the chunk. When the stack is full a returned
/// segment is left to the garbage collector; when it is empty a new one is allocated. Neither is an error.
/// </remarks>
internal static class BufferSegmentPool<T>
{
    /// <summary>Enough for 256 MiB of default-sized (1 MiB) chunks in flight.</summary>
    private const int Capacity = 256;

    private static readonly BufferSegment<T>[] s_items = new BufferSegment<T>[Capacity];
    private static int s_count;

    // One segment per thread in front of the locked stack: a small buffer's create-use-dispose cycle then takes
    // no lock (an uncontended lock pair costs about as much as the rest of that cycle).
    [ThreadStatic]
    private static BufferSegment<T>? t_spare;

    /// <summary>A cleared segment, from the cache when one is there.</summary>
    public static BufferSegment<T> Rent()
    {
        BufferSegment<T>? spare = t_spare;
        if (spare is not null)
        {
            t_spare = null;
            return spare;
        }

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

    /// <summary>Caches <paramref name="segment"/>, which the caller has cleared and no longer references.</summary>
    public static void Return(BufferSegment<T> segment)
    {
        if (t_spare is null)
        {
            t_spare = segment;
            return;
        }

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
}

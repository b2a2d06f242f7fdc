using System.Threading;

namespace Eddy.Buffers;

/// <summary>
/// A small process-wide, lock-free cache of <see cref="BufferSegment{T}"/> objects, so that a buffer that is
/// created, filled and disposed in a loop allocates no chunk objects in steady state.
/// </summary>
/// <remarks>
/// A fixed number of slots, each taken and filled with one interlocked operation. When every slot is
/// full a returned segment is simply left to the garbage collector; when every slot is empty a new one is
/// allocated. Neither case is an error.
/// </remarks>
internal static class BufferSegmentPool<T>
{
    private const int SlotCount = 32;

    private static readonly BufferSegment<T>?[] s_slots = new BufferSegment<T>?[SlotCount];

    /// <summary>A cleared segment, from the cache when one is there.</summary>
    public static BufferSegment<T> Rent()
    {
        BufferSegment<T>?[] slots = s_slots;
        for (int i = 0; i < slots.Length; i++)
        {
            if (slots[i] is not null)
            {
                BufferSegment<T>? segment = Interlocked.Exchange(ref slots[i], null);
                if (segment is not null)
                {
                    return segment;
                }
            }
        }

        return new BufferSegment<T>();
    }

    /// <summary>Caches <paramref name="segment"/>, which the caller has cleared and no longer references.</summary>
    public static void Return(BufferSegment<T> segment)
    {
        BufferSegment<T>?[] slots = s_slots;
        for (int i = 0; i < slots.Length; i++)
        {
            if (slots[i] is null && Interlocked.CompareExchange(ref slots[i], segment, null) is null)
            {
                return;
            }
        }
    }
}

using System;
using System.Buffers;
using System.Runtime.CompilerServices;

namespace Eddy.Buffers;

/// <summary>
/// The arrays that hold a <see cref="SegmentedBuffer{T}"/>'s chunk list. Each thread keeps one list of the smallest
/// length with a cleared segment in its first slot (a first-chunk kit), so a small buffer's create-use-dispose cycle
/// takes its list and its first segment with one thread-static access and gives them back with one; longer lists
/// come from <see cref="ArrayPool{T}.Shared"/>.
/// </summary>
internal static class ChunkSlots<T>
{
    /// <summary>The smallest chunk list: 16 chunks, up to 31 MiB of bytes with the default chunk growth.</summary>
    public const int MinimumLength = 16;

    [ThreadStatic]
    private static BufferSegment<T>[]? t_kit;

    /// <summary>
    /// A list of <see cref="MinimumLength"/> slots whose first holds a cleared segment and whose others are null:
    /// this thread's kit when it has one.
    /// </summary>
    public static BufferSegment<T>[] RentWithSegment()
    {
        BufferSegment<T>[]? kit = t_kit;
        if (kit is not null)
        {
            t_kit = null;
            return kit;
        }

        return NewKit();
    }

    /// <summary>
    /// Takes back a list whose first slot holds a cleared segment that nothing else references and whose other slots
    /// are null; it becomes this thread's kit when the thread has none and it is of the smallest length.
    /// </summary>
    public static void ReturnWithSegment(BufferSegment<T>[] slots)
    {
        if (slots.Length == MinimumLength && t_kit is null)
        {
            t_kit = slots;
            return;
        }

        BufferSegment<T> segment = slots[0];
        slots[0] = null!;
        BufferSegmentPool<T>.Return(segment);
        ArrayPool<BufferSegment<T>>.Shared.Return(slots);
    }

    /// <summary>An array of at least max(<paramref name="minimumLength"/>, <see cref="MinimumLength"/>) null slots.</summary>
    public static BufferSegment<T>[] Rent(int minimumLength) =>
        ArrayPool<BufferSegment<T>>.Shared.Rent(Math.Max(minimumLength, MinimumLength));

    /// <summary>Takes back an array from <see cref="Rent"/>; its slots are cleared so no segment is kept alive.</summary>
    public static void Return(BufferSegment<T>[] slots) =>
        ArrayPool<BufferSegment<T>>.Shared.Return(slots, clearArray: true);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static BufferSegment<T>[] NewKit()
    {
        BufferSegment<T>[] slots = Rent(MinimumLength);
        slots[0] = BufferSegmentPool<T>.Rent();
        return slots;
    }
}

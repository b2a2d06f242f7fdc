using System;
using System.Buffers;

namespace Eddy.Buffers;

/// <summary>
/// The arrays that hold a <see cref="SegmentedBuffer{T}"/>'s chunk list: one array of the smallest length per
/// thread in front of <see cref="ArrayPool{T}.Shared"/>, so a small buffer's create-use-dispose cycle costs two
/// thread-static accesses instead of a shared-pool rent and a cleared return.
/// </summary>
internal static class ChunkSlots<T>
{
    /// <summary>The smallest chunk list: 16 chunks, up to 31 MiB of bytes with the default chunk growth.</summary>
    public const int MinimumLength = 16;

    [ThreadStatic]
    private static BufferSegment<T>[]? t_spare;

    /// <summary>An array of at least max(<paramref name="minimumLength"/>, <see cref="MinimumLength"/>) null slots.</summary>
    public static BufferSegment<T>[] Rent(int minimumLength)
    {
        if (minimumLength <= MinimumLength)
        {
            BufferSegment<T>[]? spare = t_spare;
            if (spare is not null)
            {
                t_spare = null;
                return spare;
            }
        }

        return ArrayPool<BufferSegment<T>>.Shared.Rent(Math.Max(minimumLength, MinimumLength));
    }

    /// <summary>Takes back an array from <see cref="Rent"/>; its slots are cleared so no segment is kept alive.</summary>
    public static void Return(BufferSegment<T>[] slots)
    {
        if (slots.Length == MinimumLength && t_spare is null)
        {
            slots.AsSpan().Clear();
            t_spare = slots;
            return;
        }

        ArrayPool<BufferSegment<T>>.Shared.Return(slots, clearArray: true);
    }
}

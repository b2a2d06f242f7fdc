using System;
using System.Runtime.CompilerServices;
using Eddy.Buffers;
using Eddy.Internal;
using Eddy.Lifetime;

namespace Eddy;

// The storage engine, contiguous layout: growth of the one array, and the hand-over to segments past the threshold.
public sealed partial class PooledMemoryStream
{
    /// <summary>
    /// Makes the contiguous array hold at least <paramref name="required"/> bytes, copying only the written part
    /// on growth. Returns false when the stream switched to segments instead (automatic mode past the
    /// threshold, or segmented mode after a consolidation); the caller then continues on the segmented path.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool EnsureContiguousCapacity(long required)
    {
        byte[]? array = _array;
        if (array is not null && required <= array.Length)
        {
            return true;
        }

        return GrowContiguous(required);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool GrowContiguous(long required)
    {
        bool contiguous = GrowContiguous(required, out byte[]? retired);
        if (retired is not null)
        {
            ReturnArray(retired, Settings.ClearOnReturn);
        }

        return contiguous;
    }

    /// <summary>
    /// As <see cref="GrowContiguous(long)"/>, but the replaced array is handed back in <paramref name="retired"/>
    /// for the caller to return once done with it: a write of the stream's own bytes still reads from it.
    /// </summary>
    private bool GrowContiguous(long required, out byte[]? retired)
    {
        retired = null;
        byte[]? array = _array;
        int capacity = array?.Length ?? 0;
        PooledMemoryStreamMode mode = Settings.Mode;
        int firstArrayLimit = Settings.FirstArrayLimit;

        // Auto hands its array over to chunks past the threshold. Segmented keeps its first chunk as a plain array
        // (so a small segmented stream costs what a small contiguous one does: no segmented buffer, side object or
        // rescue guard) and adopts it, never copying, at the first growth past it.
        if (mode != PooledMemoryStreamMode.Contiguous
            && (required > firstArrayLimit || (mode == PooledMemoryStreamMode.Segmented && array is not null)))
        {
            SwitchToSegmented();
            return false;
        }

        if (required > ArrayAccess.MaxLength)
        {
            ThrowHelper.ThrowIOException(StreamTooLongMessage);
        }

        // Below the segment threshold's default a stream grows fourfold: a pooled block costs the same to rent
        // whatever its length, and each step saved is a copy of everything written so far. Past it, doubling keeps
        // a contiguous stream's unused capacity at most half of what it holds.
        long factor = capacity < PooledMemoryStreamOptions.DefaultSegmentThreshold ? 4 : 2;
        long next = Math.Max(required, capacity == 0 ? FirstRentFloor : capacity * factor);
        if (mode != PooledMemoryStreamMode.Contiguous)
        {
            // Never rent past the threshold only to hand the array over at the next growth.
            next = Math.Min(next, Math.Max(required, firstArrayLimit));
        }

        next = Math.Min(next, ArrayAccess.MaxLength);
        byte[] grown = RentArray((int)next);
        if (array is not null)
        {
            // Bytes past Length are garbage (pooled arrays are not zeroed), so only the written part moves.
            int written = Math.Min(_relativeLength, capacity);
            grown = CopyDestination.Choose(BytePool, array, grown, written);
            BlockCopy.Copy(array.AsSpan(0, written), grown);
            retired = array;
        }

        _array = grown;
        if (array is null && RescueGuard.ShouldTrack())
        {
            // The first rent of one stream in the sampling interval on this thread: tracked, with its stack.
            ArmSampled();
        }

        return true;
    }
}

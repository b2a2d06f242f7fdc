using System;
using System.IO;
using System.Runtime.CompilerServices;
using Eddy.Internal;

namespace Eddy;

/// <summary>
/// The BCL's stream argument checks, with the same exception types and parameter names on every target (shared by
/// the streams that do not inherit them from MemoryStream).
/// </summary>
internal static class StreamArguments
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void ValidateBuffer(byte[] buffer, int offset, int count)
    {
        ThrowHelper.ThrowIfNull(buffer);
        if (offset < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException_NeedNonNegativeNumber(nameof(offset));
        }

        // The room after offset may be negative (offset past the end): compared as long, as the BCL's own check
        // does, a count of 0 does not pass it, and a negative count (a huge uint) passes nothing.
        if (unchecked((uint)count) > (long)(buffer.Length - offset))
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(count), "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
        }
    }

    /// <summary>
    /// Where a Seek lands, with MemoryStream's checks: an unknown origin, a target past <paramref name="maxLength"/>,
    /// a target before the beginning.
    /// </summary>
    public static long SeekTarget(long offset, SeekOrigin origin, long position, long length, long maxLength)
    {
        long start = origin switch
        {
            SeekOrigin.Begin => 0,
            SeekOrigin.Current => position,
            SeekOrigin.End => length,
            _ => throw new ArgumentException("Invalid seek origin."),
        };
        if (offset > maxLength - start)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(offset), "Stream length must be non-negative and less than the stream's maximum length.");
        }

        long target = start + offset;
        if (target < 0)
        {
            ThrowHelper.ThrowIOException("An attempt was made to move the position before the beginning of the stream.");
        }

        return target;
    }

    public static void ValidateCopyTo(Stream destination, int bufferSize)
    {
        ThrowHelper.ThrowIfNull(destination);
        if (bufferSize <= 0)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(bufferSize), bufferSize, $"bufferSize ('{bufferSize}') must be a non-negative and non-zero value.");
        }

        if (!destination.CanWrite)
        {
            if (destination.CanRead)
            {
                ThrowHelper.ThrowNotSupportedException("Stream does not support writing.");
            }

            ThrowHelper.ThrowObjectDisposedException(destination.GetType().Name, "Cannot access a closed Stream.");
        }
    }
}

using System;
using System.IO;
using Eddy.Internal;

namespace Eddy.Streams;

/// <summary>The BCL's stream argument checks, with the same exception types and parameter names on every target.</summary>
internal static class StreamArguments
{
    public static void ValidateBuffer(byte[] buffer, int offset, int count)
    {
        ThrowHelper.ThrowIfNull(buffer);
        ThrowHelper.ThrowIfNegative(offset);
        if (unchecked((uint)count > (uint)(buffer.Length - offset)))
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(count), "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
        }
    }

    public static void ValidateCopyTo(Stream destination, int bufferSize)
    {
        ThrowHelper.ThrowIfNull(destination);
        if (bufferSize <= 0)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(bufferSize), bufferSize, "Positive number required.");
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

using System.IO;
using System.Runtime.CompilerServices;
using Eddy.Internal;

namespace Eddy;

public sealed partial class PooledMemoryStream
{
    /// <summary>The BCL's (buffer, offset, count) checks, with the same exception types and parameter names.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ValidateBuffer(byte[] buffer, int offset, int count)
    {
        if (buffer is null)
        {
            ThrowHelper.ThrowArgumentNullException(nameof(buffer));
        }

        if (offset < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException_NeedNonNegativeNumber(nameof(offset));
        }

        if (count < 0 || count > buffer.Length - offset)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(count), "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
        }
    }

    /// <summary>The BCL's CopyTo/CopyToAsync checks, with the same exception types and parameter names.</summary>
    private static void ValidateCopyTo(Stream destination, int bufferSize) => StreamArguments.ValidateCopyTo(destination, bufferSize);
}

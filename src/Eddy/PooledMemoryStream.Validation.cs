using System;
using System.IO;
using System.Runtime.CompilerServices;
using Eddy.Internal;

namespace Eddy;

public sealed partial class PooledMemoryStream
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void EnsureNotClosed()
    {
        if (_kind == StreamKind.Disposed)
        {
            ThrowStreamClosed();
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void EnsureWriteable()
    {
        if (_kind > StreamKind.Segmented)
        {
            ThrowHelper.ThrowNotSupportedException("Stream does not support writing.");
        }
    }

    private static void ThrowStreamClosed() =>
        ThrowHelper.ThrowObjectDisposedException(null, "Cannot access a closed Stream.");

    /// <summary>The BCL's (buffer, offset, count) checks, with the same exception types and parameter names.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ValidateBuffer(byte[] buffer, int offset, int count)
    {
#if NET
        ValidateBufferArguments(buffer, offset, count);
#else
        if (buffer is null)
        {
            ThrowHelper.ThrowArgumentNullException(nameof(buffer));
        }

        if (offset < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException_NeedNonNegative(nameof(offset), offset);
        }

        if (count < 0 || count > buffer.Length - offset)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(count), "Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
        }
#endif
    }

    /// <summary>The BCL's CopyTo/CopyToAsync checks, with the same exception types and parameter names.</summary>
    private static void ValidateCopyTo(Stream destination, int bufferSize)
    {
#if NET
        ValidateCopyToArguments(destination, bufferSize);
#else
        StreamArguments.ValidateCopyTo(destination, bufferSize);
#endif
    }
}

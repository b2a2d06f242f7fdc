using System.Runtime.CompilerServices;
using Eddy.Internal;

namespace Eddy;

// Argument and state checks, and the exception messages the members share.
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

    internal const string StreamLengthMessage = "Stream length must be non-negative and less than the stream's maximum length.";
    private const string StreamTooLongMessage = "Stream was too long.";
    private const string GapTooLongMessage = "The operation would leave more unwritten bytes between the end of the stream and the position than PooledMemoryStreamOptions.MaximumGapLength allows.";

    /// <summary>Refuses a write at <paramref name="position"/> that would open a gap longer than <see cref="PooledMemoryStreamOptions.MaximumGapLength"/>.</summary>
    private void ThrowIfGapTooLong(long position)
    {
        if (position - CurrentLength > Settings.MaximumGapLength)
        {
            ThrowHelper.ThrowIOException(GapTooLongMessage);
        }
    }
}

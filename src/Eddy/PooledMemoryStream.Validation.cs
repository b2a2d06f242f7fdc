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
}

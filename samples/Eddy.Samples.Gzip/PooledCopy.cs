using System;
using System.Buffers;
using System.IO;
using Eddy.Pooling;

namespace Eddy.Samples.Gzip;

/// <summary>
/// Stream copy and comparison through buffers rented from <see cref="BlockPool.Shared"/> (the pool that
/// <see cref="PooledMemoryStream"/> uses too when given none) rather than allocated per call.
/// </summary>
internal static class PooledCopy
{
    private const int BufferLength = 81_920;

    private static ArrayPool<byte> Pool => BlockPool.Shared;

    public static void Copy(Stream source, Stream destination)
    {
        var buffer = Pool.Rent(BufferLength);
        try
        {
            int read;
            while ((read = source.Read(buffer, 0, buffer.Length)) > 0)
            {
                destination.Write(buffer, 0, read);
            }
        }
        finally
        {
            Pool.Return(buffer);
        }
    }

    /// <summary>True when both streams hold the same bytes from their positions to their ends.</summary>
    public static bool ContentEquals(Stream left, Stream right)
    {
        var leftBuffer = Pool.Rent(BufferLength);
        var rightBuffer = Pool.Rent(BufferLength);
        try
        {
            while (true)
            {
                var read = left.ReadAtLeast(leftBuffer.AsSpan(0, BufferLength), BufferLength, throwOnEndOfStream: false);
                var readRight = right.ReadAtLeast(rightBuffer.AsSpan(0, BufferLength), BufferLength, throwOnEndOfStream: false);
                if (read != readRight || !leftBuffer.AsSpan(0, read).SequenceEqual(rightBuffer.AsSpan(0, read)))
                {
                    return false;
                }

                if (read == 0)
                {
                    return true;
                }
            }
        }
        finally
        {
            Pool.Return(leftBuffer);
            Pool.Return(rightBuffer);
        }
    }
}

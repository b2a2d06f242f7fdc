using System;
using System.Buffers;
using System.Diagnostics;
using System.IO;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Internal;

namespace Eddy.Buffers;

/// <summary>Stream operations on a byte <see cref="SegmentedBuffer{T}"/> that read and write the chunks directly.</summary>
public static class SegmentedBufferExtensions
{
    /// <summary>Writes every held byte to <paramref name="destination"/>, chunk by chunk, with no intermediate buffer.</summary>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public static void CopyTo(this SegmentedBuffer<byte> buffer, Stream destination)
    {
        ThrowHelper.ThrowIfNull(buffer);
        ThrowHelper.ThrowIfNull(destination);
        foreach (ReadOnlyMemory<byte> memory in buffer.AsReadOnlySequence())
        {
            // An empty sequence still yields one empty memory.
            if (memory.IsEmpty)
            {
                continue;
            }

            bool isArray = MemoryMarshal.TryGetArray(memory, out ArraySegment<byte> segment);
            Debug.Assert(isArray);
            destination.Write(segment.Array!, segment.Offset, segment.Count);
        }
    }

    /// <summary>Writes every held byte to <paramref name="destination"/> asynchronously, chunk by chunk.</summary>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public static ValueTask CopyToAsync(this SegmentedBuffer<byte> buffer, Stream destination, CancellationToken cancellationToken = default)
    {
        ThrowHelper.ThrowIfNull(buffer);
        ThrowHelper.ThrowIfNull(destination);
        return CopyToAsyncCore(buffer.AsReadOnlySequence(), destination, cancellationToken);
    }

    /// <summary>Reads <paramref name="source"/> to its end straight into the buffer's chunks; returns the bytes read.</summary>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public static long ReadFrom(this SegmentedBuffer<byte> buffer, Stream source)
    {
        ThrowHelper.ThrowIfNull(buffer);
        ThrowHelper.ThrowIfNull(source);
        long total = 0;
        while (true)
        {
            bool isArray = MemoryMarshal.TryGetArray<byte>(buffer.GetMemory(), out ArraySegment<byte> free);
            Debug.Assert(isArray);
            int read = source.Read(free.Array!, free.Offset, free.Count);
            if (read <= 0)
            {
                return total;
            }

            buffer.Advance(read);
            total += read;
        }
    }

    /// <summary>Reads <paramref name="source"/> to its end asynchronously, straight into the buffer's chunks; returns the bytes read.</summary>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public static ValueTask<long> ReadFromAsync(this SegmentedBuffer<byte> buffer, Stream source, CancellationToken cancellationToken = default)
    {
        ThrowHelper.ThrowIfNull(buffer);
        ThrowHelper.ThrowIfNull(source);
        return ReadFromAsyncCore(buffer, source, cancellationToken);
    }

    private static async ValueTask CopyToAsyncCore(ReadOnlySequence<byte> sequence, Stream destination, CancellationToken cancellationToken)
    {
        foreach (ReadOnlyMemory<byte> memory in sequence)
        {
            if (memory.IsEmpty)
            {
                continue;
            }

            await destination.WriteAsync(memory, cancellationToken).ConfigureAwait(false);
        }
    }

    private static async ValueTask<long> ReadFromAsyncCore(SegmentedBuffer<byte> buffer, Stream source, CancellationToken cancellationToken)
    {
        long total = 0;
        while (true)
        {
            int read = await source.ReadAsync(buffer.GetMemory(), cancellationToken).ConfigureAwait(false);
            if (read <= 0)
            {
                return total;
            }

            buffer.Advance(read);
            total += read;
        }
    }
}

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
    /// <summary>Writes every held byte to <paramref name="stream"/>, chunk by chunk, with no intermediate buffer, whatever was consumed before excluded (<c>MemoryStream.WriteTo</c>'s name).</summary>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public static void WriteTo(this SegmentedBuffer<byte> buffer, Stream stream)
    {
        ThrowHelper.ThrowIfNull(buffer);
        ThrowHelper.ThrowIfNull(stream);
        foreach (ReadOnlyMemory<byte> memory in buffer.GetReadOnlySequence())
        {
            // An empty sequence still yields one empty memory.
            if (memory.IsEmpty)
            {
                continue;
            }

            bool isArray = MemoryMarshal.TryGetArray(memory, out ArraySegment<byte> segment);
            Debug.Assert(isArray);
            stream.Write(segment.Array!, segment.Offset, segment.Count);
        }
    }

    /// <summary>Writes every held byte to <paramref name="stream"/> asynchronously, chunk by chunk.</summary>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ObjectDisposedException">The buffer is disposed.</exception>
    public static ValueTask WriteToAsync(this SegmentedBuffer<byte> buffer, Stream stream, CancellationToken cancellationToken = default)
    {
        ThrowHelper.ThrowIfNull(buffer);
        ThrowHelper.ThrowIfNull(stream);
        return WriteToAsyncCore(buffer.GetReadOnlySequence(), stream, cancellationToken);
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
            int read = CheckReadCount(source.Read(free.Array!, free.Offset, free.Count), free.Count);
            if (read == 0)
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

    /// <summary>
    /// Returns <paramref name="read"/>, the count a source's Read reported, or throws when it is outside
    /// [0, <paramref name="requested"/>]: a broken source must not make anyone commit bytes it never wrote.
    /// </summary>
    internal static int CheckReadCount(int read, int requested)
    {
        if (read < 0 || read > requested)
        {
            ThrowHelper.ThrowIOException("The source stream reported reading more bytes than it was asked for, or a negative count.");
        }

        return read;
    }

    private static async ValueTask WriteToAsyncCore(ReadOnlySequence<byte> sequence, Stream destination, CancellationToken cancellationToken)
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
            Memory<byte> free = buffer.GetMemory();
            int read = CheckReadCount(await source.ReadAsync(free, cancellationToken).ConfigureAwait(false), free.Length);
            if (read == 0)
            {
                return total;
            }

            buffer.Advance(read);
            total += read;
        }
    }
}

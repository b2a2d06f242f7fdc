using System;
using System.Buffers;
using System.Diagnostics;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Internal;

namespace Eddy.Pooling;

/// <summary>
/// A buffer of <see cref="Length"/> bytes over a pooled array that goes back to its
/// <see cref="SelfReturningBufferPool"/> when the buffer is disposed or, if its owner simply drops it, after the
/// garbage collector has collected the buffer (a "rescue", counted as a leak by
/// <see cref="Diagnostics.LeakTracker"/>).
/// </summary>
/// <remarks>
/// <para><b>Lifetime rule.</b> Once the array has gone back, every member except <see cref="Dispose()"/>
/// throws <see cref="ObjectDisposedException"/>; a buffer object is never reused for
/// another rental, so an old reference can never reach another owner's data through the buffer.
/// <see cref="Memory"/> keeps the buffer reachable (the memory refers to the buffer, not to the array), so a
/// dropped buffer is not rescued while its <see cref="Memory{T}"/> is in use, and the memory's span throws
/// after <see cref="Dispose()"/>. A span from <see cref="GetSpan"/>, a pinned pointer, or the span of that memory, however,
/// refers to the array directly: it is valid only while the buffer is neither disposed nor unreachable. Keep the
/// buffer itself in use for as long as you use such a span — dispose it afterwards (a <c>using</c> declaration
/// does that) or call <see cref="GC.KeepAlive(object)"/> on it — or the GC may collect the buffer, and its array
/// go to another owner, while the span is still being written. The indexer, <see cref="CopyTo(Span{byte})"/>,
/// <see cref="CopyFrom"/>, <c>ReadFrom</c> and <c>WriteTo</c> keep the buffer reachable for the duration of the call,
/// so they are safe without either.</para>
/// <para>A buffer is not thread-safe: using it on one thread while another disposes it is a race.
/// <see cref="Dispose()"/> itself may be called any number of times, from any thread.</para>
/// </remarks>
[DebuggerDisplay("Length = {_length}, IsDisposed = {IsDisposed}")]
public sealed partial class SelfReturningBuffer : MemoryManager<byte>, IDisposable
{
    private readonly SelfReturningBufferPool _pool;
    private readonly int _length;
    private int _slot;
    private byte[]? _array;

    internal SelfReturningBuffer(SelfReturningBufferPool pool, int length)
    {
        _pool = pool;
        _length = length;
    }

    /// <summary>The number of usable bytes.</summary>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    public int Length
    {
        get
        {
            ThrowIfDisposed();
            return _length;
        }
    }

    /// <summary>True once the array has gone back to the pool.</summary>
    internal bool IsDisposed => _array is null;

    /// <summary>The buffer's bytes (what <see cref="GetSpan"/> returns). Valid only while the buffer is alive and undisposed.</summary>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    internal Span<byte> Span
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get
        {
            byte[]? array = _array;
            if (array is null)
            {
                ThrowDisposed();
            }

            return CreateSpan(array, _length);
        }
    }

    /// <summary>
    /// The buffer's bytes as <see cref="Memory{T}"/> backed by this buffer, which it keeps reachable; its span
    /// throws <see cref="ObjectDisposedException"/> once the buffer is disposed.
    /// </summary>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    public override Memory<byte> Memory
    {
        get
        {
            ThrowIfDisposed();
            return CreateMemory(_length);
        }
    }

    /// <summary>Gets or sets the byte at <paramref name="index"/>.</summary>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    /// <exception cref="IndexOutOfRangeException"><paramref name="index"/> is outside [0, <see cref="Length"/>).</exception>
    public byte this[int index]
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get
        {
            byte[]? array = _array;
            if (array is null)
            {
                ThrowDisposed();
            }

            if (unchecked((uint)index) >= (uint)_length)
            {
                ThrowIndexOutOfRange();
            }

            byte value = ElementAt(array, index);
            GC.KeepAlive(this);
            return value;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        set
        {
            byte[]? array = _array;
            if (array is null)
            {
                ThrowDisposed();
            }

            if (unchecked((uint)index) >= (uint)_length)
            {
                ThrowIndexOutOfRange();
            }

            ElementAt(array, index) = value;
            GC.KeepAlive(this);
        }
    }

    /// <summary>Copies <paramref name="destination"/>.Length bytes starting at <paramref name="offset"/> into <paramref name="destination"/>.</summary>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range does not fit in the buffer.</exception>
    public void CopyTo(int offset, Span<byte> destination)
    {
        byte[] array = GetArray(offset, destination.Length);
        BlockCopy.Copy(new ReadOnlySpan<byte>(array, offset, destination.Length), destination);
        GC.KeepAlive(this);
    }

    /// <summary>Copies the whole buffer into <paramref name="destination"/>.</summary>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="Length"/>.</exception>
    public void CopyTo(Span<byte> destination)
    {
        byte[] array = GetArray(0, _length);
        BlockCopy.Copy(new ReadOnlySpan<byte>(array, 0, _length), destination);
        GC.KeepAlive(this);
    }

    /// <summary>
    /// Copies <paramref name="source"/> into the buffer starting at <paramref name="offset"/>: the bulk form of the
    /// indexer's setter, safe without <see cref="GC.KeepAlive(object)"/> (see the lifetime rule).
    /// </summary>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range does not fit in the buffer.</exception>
    public void CopyFrom(int offset, ReadOnlySpan<byte> source)
    {
        byte[] array = GetArray(offset, source.Length);
        BlockCopy.Copy(source, new Span<byte>(array, offset, source.Length));
        GC.KeepAlive(this);
    }

    /// <summary>Writes the whole buffer to <paramref name="stream"/>.</summary>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    public void WriteTo(Stream stream) => WriteTo(stream, 0, _length);

    /// <summary>Writes <paramref name="count"/> bytes starting at <paramref name="offset"/> to <paramref name="stream"/>.</summary>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range does not fit in the buffer.</exception>
    public void WriteTo(Stream stream, int offset, int count)
    {
        ThrowHelper.ThrowIfNull(stream);
        byte[] array = GetArray(offset, count);
        stream.Write(array, offset, count);
        GC.KeepAlive(this);
    }

    /// <summary>Writes the whole buffer to <paramref name="stream"/> asynchronously.</summary>
    /// <remarks>The write goes through <see cref="Memory"/>, which keeps the buffer reachable until it completes;
    /// do not dispose the buffer before then.</remarks>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    public ValueTask WriteToAsync(Stream stream, CancellationToken cancellationToken = default) => WriteToAsync(stream, 0, _length, cancellationToken);

    /// <summary>Writes <paramref name="count"/> bytes starting at <paramref name="offset"/> to <paramref name="stream"/> asynchronously.</summary>
    /// <remarks>The write goes through <see cref="Memory"/>, which keeps the buffer reachable until it completes;
    /// do not dispose the buffer before then.</remarks>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range does not fit in the buffer.</exception>
    public ValueTask WriteToAsync(Stream stream, int offset, int count, CancellationToken cancellationToken = default)
    {
        ThrowHelper.ThrowIfNull(stream);
        _ = GetArray(offset, count);
        return stream.WriteAsync(CreateMemory(_length).Slice(offset, count), cancellationToken);
    }

    /// <summary>
    /// Reads from <paramref name="stream"/> into the buffer, starting at <paramref name="offset"/>, until
    /// <paramref name="count"/> bytes have arrived or the stream ends.
    /// </summary>
    /// <returns>The number of bytes read; less than <paramref name="count"/> only at the end of the stream.</returns>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range does not fit in the buffer.</exception>
    public int ReadFrom(Stream stream, int offset, int count)
    {
        ThrowHelper.ThrowIfNull(stream);
        byte[] array = GetArray(offset, count);
        int total = 0;
        while (total < count)
        {
            int read = stream.Read(array, offset + total, count - total);
            if (read == 0)
            {
                break;
            }

            total += read;
        }

        GC.KeepAlive(this);
        return total;
    }

    /// <summary>Fills the buffer from <paramref name="stream"/> until it is full or the stream ends.</summary>
    /// <returns>The number of bytes read; less than <see cref="Length"/> only at the end of the stream.</returns>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    public int ReadFrom(Stream stream) => ReadFrom(stream, 0, _length);

    /// <summary>Fills the buffer from <paramref name="stream"/> asynchronously until it is full or the stream ends.</summary>
    /// <returns>The number of bytes read; less than <see cref="Length"/> only at the end of the stream.</returns>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    public ValueTask<int> ReadFromAsync(Stream stream, CancellationToken cancellationToken = default) => ReadFromAsync(stream, 0, _length, cancellationToken);

    /// <summary>
    /// Reads from <paramref name="stream"/> into the buffer asynchronously, starting at <paramref name="offset"/>,
    /// until <paramref name="count"/> bytes have arrived or the stream ends.
    /// </summary>
    /// <returns>The number of bytes read; less than <paramref name="count"/> only at the end of the stream.</returns>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range does not fit in the buffer.</exception>
    public async ValueTask<int> ReadFromAsync(Stream stream, int offset, int count, CancellationToken cancellationToken = default)
    {
        ThrowHelper.ThrowIfNull(stream);
        _ = GetArray(offset, count);
        Memory<byte> memory = CreateMemory(_length).Slice(offset, count);
        int total = 0;
        while (total < count)
        {
            int read = await stream.ReadAsync(memory.Slice(total), cancellationToken).ConfigureAwait(false);
            if (read == 0)
            {
                break;
            }

            total += read;
        }

        return total;
    }

    /// <summary>
    /// Gives the array back to the pool. Afterwards every member but this one
    /// throws <see cref="ObjectDisposedException"/>. Calling it again does nothing.
    /// </summary>
    public void Dispose()
    {
        if (_array is not null)
        {
            _pool.Release(this);
        }
    }

    /// <summary>The buffer's bytes. Valid only while the buffer is alive and undisposed; see the lifetime rule.</summary>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    public override Span<byte> GetSpan() => Span;

    /// <summary>Pins the array and returns a handle to the byte at <paramref name="elementIndex"/>.</summary>
    /// <remarks>The pointer is subject to the lifetime rule: do not use it after disposing the buffer.</remarks>
    /// <exception cref="ObjectDisposedException">The array has gone back to the pool.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="elementIndex"/> is outside [0, <see cref="Length"/>].</exception>
    public override unsafe MemoryHandle Pin(int elementIndex = 0)
    {
        byte[] array = GetArray(elementIndex, 0);
        GCHandle handle = GCHandle.Alloc(array, GCHandleType.Pinned);
        byte* pointer = (byte*)handle.AddrOfPinnedObject() + elementIndex;

        // Passing this buffer as the pinnable keeps it reachable until the handle is disposed.
        return new MemoryHandle(pointer, handle, this);
    }

    /// <inheritdoc/>
    public override void Unpin()
    {
        // The GCHandle inside the MemoryHandle does the unpinning; there is no per-buffer pin state.
    }

    /// <summary>Attaches the rented array; called once by the pool before the buffer is handed out.</summary>
    internal void Attach(byte[] array, int slot)
    {
        _slot = slot;
        _array = array;
    }

    /// <summary>Detaches the array for return; null when it has already gone back. Called under the pool lock.</summary>
    internal byte[]? DetachLocked(out int slot)
    {
        byte[]? array = _array;
        _array = null;
        slot = _slot;
        return array;
    }

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            Dispose();
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private byte[] GetArray(int offset, int count)
    {
        byte[]? array = _array;
        if (array is null)
        {
            ThrowDisposed();
        }

        // One unsigned compare covers negative offsets, negative counts and ranges past the end.
        if (unchecked((ulong)(uint)offset + (uint)count) > (uint)_length)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(offset), "The range does not fit in the buffer.");
        }

        return array;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ThrowIfDisposed()
    {
        if (_array is null)
        {
            ThrowDisposed();
        }
    }

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowDisposed() => ThrowHelper.ThrowObjectDisposedException(nameof(SelfReturningBuffer));

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowIndexOutOfRange() => ThrowHelper.ThrowIndexOutOfRangeException();
}

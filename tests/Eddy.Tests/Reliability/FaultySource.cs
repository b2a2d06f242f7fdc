using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Eddy.Tests.Reliability;

/// <summary>
/// A read-only source that serves <c>data</c> at most <see cref="ReadSize"/> bytes per read, then, once
/// <c>failAt</c> bytes were served, throws an <see cref="IOException"/> or cancels <see cref="Cancel"/> and
/// throws <see cref="OperationCanceledException"/>. With <c>failAt</c> past the data it simply ends. With
/// <see cref="OverReports"/> every read claims one byte more than it was given room for.
/// </summary>
public sealed class FaultySource(byte[] data, long failAt) : Stream
{
    private long _position;

    public CancellationTokenSource? Cancel { get; init; }

    public int ReadSize { get; init; } = 3_000;

    public bool OverReports { get; init; }

    /// <summary>The bytes served so far.</summary>
    public long Served => _position;

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        if (OverReports)
        {
            return buffer.Length + 1;
        }

        if (_position >= failAt)
        {
            if (Cancel is not null)
            {
                Cancel.Cancel();
                Cancel.Token.ThrowIfCancellationRequested();
            }

            throw new IOException("FaultySource: simulated failure.");
        }

        int n = (int)Math.Min(Math.Min(buffer.Length, ReadSize), Math.Min(failAt, data.Length) - _position);
        data.AsSpan((int)_position, n).CopyTo(buffer);
        _position += n;
        return n;
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        return new ValueTask<int>(Read(buffer.Span));
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}

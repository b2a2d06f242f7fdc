using System;
using System.Runtime.ExceptionServices;
using System.Threading;

namespace Eddy;

/// <summary>
/// The <see cref="IAsyncResult"/> of a Begin call that already ran synchronously: it remembers its stream and
/// direction so that End can reject a foreign or reused result the way <see cref="System.IO.Stream"/> does,
/// instead of blocking on it.
/// </summary>
internal sealed class SyncAsyncResult : IAsyncResult
{
    private readonly ExceptionDispatchInfo? _error;
    private ManualResetEvent? _waitHandle;
    private int _ended;

    public SyncAsyncResult(object owner, bool isRead, int bytes, Exception? error, object? state)
    {
        Owner = owner;
        IsRead = isRead;
        Bytes = bytes;
        _error = error is null ? null : ExceptionDispatchInfo.Capture(error);
        AsyncState = state;
    }

    public object Owner { get; }

    public bool IsRead { get; }

    public int Bytes { get; }

    public object? AsyncState { get; }

    public WaitHandle AsyncWaitHandle => _waitHandle ??= new ManualResetEvent(initialState: true);

    public bool CompletedSynchronously => true;

    public bool IsCompleted => true;

    /// <summary>Marks the result ended; false when it already was.</summary>
    public bool TryEnd() => Interlocked.Exchange(ref _ended, 1) == 0;

    /// <summary>Rethrows the operation's exception, if it failed, with its original stack.</summary>
    public void ThrowIfFailed() => _error?.Throw();
}

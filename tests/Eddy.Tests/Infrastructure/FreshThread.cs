using System;
using System.Runtime.ExceptionServices;
using System.Threading;

namespace Eddy.Tests.Infrastructure;

/// <summary>
/// Runs code on a new thread and waits for it: for what depends on a thread's own state (thread-local pool slots,
/// thread statics). A failure there is rethrown here, unchanged, so the test fails with it.
/// </summary>
public static class FreshThread
{
    public static void Run(Action action) => Run<object?>(() =>
    {
        action();
        return null;
    });

    /// <summary>
    /// Runs <paramref name="onThread"/> on a new thread, then <paramref name="meanwhile"/> here while that thread is
    /// still alive: for checks of what the thread left in its thread-local state, which ends with the thread.
    /// </summary>
    public static void RunThenKeepAlive(Action onThread, Action meanwhile)
    {
        ExceptionDispatchInfo? failure = null;
        using var ran = new ManualResetEventSlim();
        using var release = new ManualResetEventSlim();
        var thread = new Thread(() =>
        {
            try
            {
                onThread();
            }
            catch (Exception exception)
            {
                failure = ExceptionDispatchInfo.Capture(exception);
            }

            ran.Set();
            release.Wait();
        });
        thread.Start();
        try
        {
            ran.Wait();
            failure?.Throw();
            meanwhile();
        }
        finally
        {
            release.Set();
            thread.Join();
        }
    }

    public static T Run<T>(Func<T> body)
    {
        T result = default!;
        ExceptionDispatchInfo? failure = null;
        var thread = new Thread(() =>
        {
            try
            {
                result = body();
            }
            catch (Exception exception)
            {
                failure = ExceptionDispatchInfo.Capture(exception);
            }
        });
        thread.Start();
        thread.Join();
        failure?.Throw();
        return result;
    }
}

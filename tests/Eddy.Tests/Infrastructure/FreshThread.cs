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

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

    /// <summary>
    /// Runs <paramref name="work"/> on <paramref name="count"/> new threads at once (each gets its number, 1 to
    /// <paramref name="count"/>) and waits for all; the first failure is rethrown here, so that a wrong exception on
    /// a worker fails the test instead of ending the test process.
    /// </summary>
    public static void RunTogether(int count, Action<int> work)
    {
        var failures = new System.Collections.Concurrent.ConcurrentQueue<ExceptionDispatchInfo>();
        var threads = new Thread[count];
        for (int t = 0; t < threads.Length; t++)
        {
            int number = t + 1;
            threads[t] = new Thread(() =>
            {
                try
                {
                    work(number);
                }
                catch (Exception exception)
                {
                    failures.Enqueue(ExceptionDispatchInfo.Capture(exception));
                }
            });
            threads[t].Start();
        }

        foreach (Thread thread in threads)
        {
            thread.Join();
        }

        if (failures.TryDequeue(out ExceptionDispatchInfo? first))
        {
            first.Throw();
        }
    }
}

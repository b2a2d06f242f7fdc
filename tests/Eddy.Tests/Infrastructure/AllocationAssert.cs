using System;

namespace Eddy.Tests.Infrastructure;

/// <summary>Asserts that code allocates nothing once warm, without flaking on the runtime's own work.</summary>
public static class AllocationAssert
{
    /// <summary>
    /// Runs <paramref name="action"/> once to warm it up, then measures up to <paramref name="attempts"/> more
    /// runs and asserts that the quietest allocated nothing on this thread. A tier-up compile or a one-off
    /// runtime structure can land in any single run; code that allocates by design does so in every run.
    /// </summary>
    public static void NoneInSteadyState(Action action, int attempts = 5) => AtMostInSteadyState(0, action, attempts);

    /// <summary>
    /// Like <see cref="NoneInSteadyState"/>, but allows <paramref name="maximumBytes"/> per run: the quietest of
    /// the measured runs must allocate no more on this thread.
    /// </summary>
    public static void AtMostInSteadyState(long maximumBytes, Action action, int attempts = 5)
    {
        action();
        long fewest = long.MaxValue;
        for (int attempt = 0; attempt < attempts && fewest > maximumBytes; attempt++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            action();
            fewest = Math.Min(fewest, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        if (maximumBytes == 0)
        {
            Assert.Equal(0, fewest);
        }
        else
        {
            Assert.InRange(fewest, 0, maximumBytes);
        }
    }
}

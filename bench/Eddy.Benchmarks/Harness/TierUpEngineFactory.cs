using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Runtime;
using System.Threading;
using BenchmarkDotNet.Engines;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// BenchmarkDotNet's engine, started only once the JIT has finished tiering up the benchmark: before the pilot and
/// warm-up stages, a benchmark whose calls take between <see cref="SkippedBelow"/> and <see cref="TimeLimit"/> in
/// <see cref="MinimumCalls"/> calls is invoked until it has been called that many times and no method was compiled for
/// <see cref="QuietCalls"/> calls and <see cref="QuietTime"/>, or until <see cref="TimeLimit"/>. Before a process's
/// first benchmark, it also waits for the JIT's background queue to drain (<see cref="WaitForQuietJit"/>).
/// </summary>
/// <remarks>
/// The runtime recompiles a method with loops twice before its optimised code runs: after 30 calls with profiling
/// counters, after 30 more with the profile. A benchmark method that runs one long loop per call (a million small
/// writes) gets few calls per quick iteration, so in quick mode it could still be in its unoptimised loop when
/// BenchmarkDotNet's adaptive warm-up judged it steady, and the optimised code arrived part-way through the
/// measured iterations (docs/benchmarks.md, "Quick mode", has the case). Counting compiled methods
/// (<see cref="JitInfo.GetCompiledMethodCount(bool)"/>) tells when tier-up has settled without timing anything.
/// The first call's time decides whether the stage runs: a faster benchmark gets more calls in BenchmarkDotNet's pilot
/// than the stage would make, and a slower one cannot reach the count in the time the quick run can spare (its work is
/// in the callees it calls many times, which tier up within its first calls).
/// </remarks>
public sealed class TierUpEngineFactory : IEngineFactory
{
    /// <summary>Calls before the engine may start: two rounds of the runtime's 30-call tier-up threshold, and a few more.</summary>
    public const int MinimumCalls = 64;

    /// <summary>Consecutive calls without a compiled method that count as settled.</summary>
    public const int QuietCalls = 16;

    /// <summary>Time without a compiled method that counts as settled, so that a recompilation queued in the background can land.</summary>
    public static readonly TimeSpan QuietTime = TimeSpan.FromMilliseconds(20);

    /// <summary>The most time spent before the engine starts anyway; a benchmark whose first call says <see cref="MinimumCalls"/> calls would take longer is not run on.</summary>
    public static readonly TimeSpan TimeLimit = TimeSpan.FromMilliseconds(400);

    /// <summary>A benchmark whose first call says <see cref="MinimumCalls"/> calls would take less is not run on: the pilot calls it more often.</summary>
    public static readonly TimeSpan SkippedBelow = TimeSpan.FromMilliseconds(20);

    /// <summary>
    /// The span over which the JIT counts as quiet before a process's first benchmark when it compiled at most
    /// <see cref="FirstBenchmarkQuietMethods"/> methods in it: a stray compilation (the wait's own code tiering up)
    /// does not end the quiet, a queue of recompilations does.
    /// </summary>
    public static readonly TimeSpan FirstBenchmarkQuietWindow = TimeSpan.FromMilliseconds(50);

    /// <summary>The most methods compiled in <see cref="FirstBenchmarkQuietWindow"/> that still count as quiet.</summary>
    public const int FirstBenchmarkQuietMethods = 8;

    /// <summary>The most a process waits for a quiet JIT before its first benchmark.</summary>
    public static readonly TimeSpan FirstBenchmarkWaitLimit = TimeSpan.FromMilliseconds(600);

    /// <summary>How often <see cref="WaitForQuietJit"/> looks at the JIT's count.</summary>
    public static readonly TimeSpan PollInterval = TimeSpan.FromMilliseconds(10);

    private static int s_firstBenchmarkStarted;

    private readonly IEngineFactory _engineFactory = new EngineFactory();

    /// <inheritdoc/>
    public IEngine CreateReadyToRun(EngineParameters engineParameters)
    {
        ArgumentNullException.ThrowIfNull(engineParameters);

        // BenchmarkDotNet's own factory runs the global setup and its jitting stage first.
        IEngine engine = _engineFactory.CreateReadyToRun(engineParameters);
        if (Interlocked.Exchange(ref s_firstBenchmarkStarted, 1) == 0)
        {
            // A fresh process is still compiling BenchmarkDotNet's own methods in the background when its first
            // benchmark starts, and the benchmark's recompilations queue behind them (docs/benchmarks.md, "Quick mode").
            var watch = Stopwatch.StartNew();
            TimeSpan waited = WaitForQuietJit(() => JitInfo.GetCompiledMethodCount(currentThread: false), () => watch.Elapsed, Thread.Sleep);
            engineParameters.Host?.WriteLine($"// Quiet-JIT wait before the process's first benchmark: {waited.TotalMilliseconds:F0} ms");
        }

        long calls = RunUntilTieredUp(engineParameters);
        engineParameters.Host?.WriteLine($"// Tier-up stage: {calls} calls before the pilot");
        return engine;
    }

    /// <summary>
    /// Invokes the benchmark once, and on until tier-up has settled or the time limit is reached when the first call's
    /// time says the stage is needed and can finish; returns the number of calls.
    /// </summary>
    public static long RunUntilTieredUp(EngineParameters engineParameters)
    {
        var watch = Stopwatch.StartNew();
        return RunUntilTieredUp(engineParameters, () => watch.Elapsed);
    }

    /// <summary>
    /// <see cref="RunUntilTieredUp(EngineParameters)"/> on a given clock: <paramref name="elapsed"/> is the time since
    /// the stage began (tests pass one that advances by a set amount per call, so that a busy machine cannot change
    /// what the stage decides).
    /// </summary>
    public static long RunUntilTieredUp(EngineParameters engineParameters, Func<TimeSpan> elapsed)
    {
        ArgumentNullException.ThrowIfNull(engineParameters);
        ArgumentNullException.ThrowIfNull(elapsed);
        long compiled = JitInfo.GetCompiledMethodCount(currentThread: false);
        long calls = 0;
        long lastCompileCall = 0;
        TimeSpan lastCompileTime = TimeSpan.Zero;
        while (elapsed() < TimeLimit)
        {
            engineParameters.IterationSetupAction?.Invoke();
            engineParameters.WorkloadActionNoUnroll(1);
            engineParameters.IterationCleanupAction?.Invoke();
            calls++;
            TimeSpan now = elapsed();
            if (calls == 1 && !StageIsNeeded(now))
            {
                break;
            }

            long compiledNow = JitInfo.GetCompiledMethodCount(currentThread: false);
            if (compiledNow != compiled)
            {
                compiled = compiledNow;
                lastCompileCall = calls;
                lastCompileTime = now;
            }

            if (calls >= MinimumCalls && calls - lastCompileCall >= QuietCalls && now - lastCompileTime >= QuietTime)
            {
                break;
            }
        }

        return calls;
    }

    /// <summary>
    /// Waits, polling every <see cref="PollInterval"/>, until <paramref name="compiledMethods"/> grew by at most
    /// <see cref="FirstBenchmarkQuietMethods"/> over the last <see cref="FirstBenchmarkQuietWindow"/>, or until
    /// <see cref="FirstBenchmarkWaitLimit"/>; returns the time waited.
    /// </summary>
    /// <param name="compiledMethods">The number of methods the JIT has compiled so far.</param>
    /// <param name="elapsed">The time since the wait began.</param>
    /// <param name="sleep">Sleeps the given time (tests pass one that advances their clock).</param>
    public static TimeSpan WaitForQuietJit(Func<long> compiledMethods, Func<TimeSpan> elapsed, Action<TimeSpan> sleep)
    {
        ArgumentNullException.ThrowIfNull(compiledMethods);
        ArgumentNullException.ThrowIfNull(elapsed);
        ArgumentNullException.ThrowIfNull(sleep);
        var samples = new Queue<(TimeSpan Time, long Compiled)>();
        samples.Enqueue((elapsed(), compiledMethods()));
        while (true)
        {
            TimeSpan now = elapsed();
            if (now >= FirstBenchmarkWaitLimit)
            {
                return now;
            }

            sleep(PollInterval);
            now = elapsed();
            long compiled = compiledMethods();
            while (samples.Count > 1 && now - samples.ElementAt(1).Time >= FirstBenchmarkQuietWindow)
            {
                samples.Dequeue();
            }

            (TimeSpan since, long before) = samples.Peek();
            if (now - since >= FirstBenchmarkQuietWindow && compiled - before <= FirstBenchmarkQuietMethods)
            {
                return now;
            }

            samples.Enqueue((now, compiled));
        }
    }

    /// <summary>Whether a benchmark whose first call took <paramref name="firstCall"/> needs the stage and can finish it.</summary>
    public static bool StageIsNeeded(TimeSpan firstCall)
    {
        TimeSpan estimate = firstCall * MinimumCalls;
        return estimate >= SkippedBelow && estimate <= TimeLimit;
    }
}

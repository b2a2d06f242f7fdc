using System;
using System.Diagnostics;
using System.Reflection.Emit;
using System.Runtime;
using System.Threading;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Jobs;
using Eddy.Benchmarks.Harness;

namespace Eddy.Benchmarks.Tests;

/// <summary>
/// The quick job's tier-up stage: how many times it invokes a benchmark before BenchmarkDotNet's stages. The benchmarks
/// here move a fake clock by a set time per call, so that the stage's decisions do not depend on how busy the machine
/// is; one test runs the stage on the real clock.
/// </summary>
public class TierUpEngineFactoryTests
{
    [Fact]
    public void The_quick_job_starts_with_the_tier_up_stage()
    {
        Assert.IsType<TierUpEngineFactory>(BenchmarkConfigs.QuickJob.Infrastructure.EngineFactory);
        Assert.Equal(1, BenchmarkConfigs.QuickJob.Run.WarmupCount);
        Assert.Equal(6, BenchmarkConfigs.QuickJob.Run.IterationCount);
    }

    [Theory]
    [InlineData(0.1, false)]
    [InlineData(0.25, false)]
    [InlineData(0.5, true)]
    [InlineData(6, true)]
    [InlineData(7, false)]
    [InlineData(50, false)]
    public void The_first_call_decides_whether_the_stage_runs(double firstCallMilliseconds, bool needed) =>
        Assert.Equal(needed, TierUpEngineFactory.StageIsNeeded(TimeSpan.FromMilliseconds(firstCallMilliseconds)));

    [Fact]
    public void A_benchmark_of_a_few_milliseconds_that_compiles_nothing_is_called_the_minimum_number_of_times_each_inside_its_iteration_setup()
    {
        var clock = new FakeClock();
        int calls = 0;
        int setups = 0;
        int cleanups = 0;
        var parameters = new EngineParameters
        {
            IterationSetupAction = () => setups++,
            WorkloadActionNoUnroll = invokeCount =>
            {
                Assert.Equal(1, invokeCount);
                Assert.Equal(calls, setups - 1);
                clock.Advance(3);
                calls++;
            },
            IterationCleanupAction = () => cleanups++,
        };

        long reported = TierUpEngineFactory.RunUntilTieredUp(parameters, clock.Read);

        Assert.Equal(calls, reported);
        Assert.Equal(calls, setups);
        Assert.Equal(calls, cleanups);
        Assert.InRange(calls, TierUpEngineFactory.MinimumCalls, int.MaxValue);
    }

    // A fast benchmark is left to the pilot, which calls it more often; one too slow to reach the count in the time
    // limit is not run on.
    [Theory]
    [InlineData(0.1)]
    [InlineData(50)]
    public void A_benchmark_outside_the_stage_window_is_called_once(double callMilliseconds)
    {
        var clock = new FakeClock();
        int calls = 0;
        var parameters = new EngineParameters { WorkloadActionNoUnroll = _ => { clock.Advance(callMilliseconds); calls++; } };

        Assert.Equal(1, TierUpEngineFactory.RunUntilTieredUp(parameters, clock.Read));
        Assert.Equal(1, calls);
    }

    [Fact]
    public void The_stage_goes_on_while_methods_are_being_compiled_and_stops_once_quiet()
    {
        // Each of the first 100 calls compiles a new method, as a tier-up in progress would.
        const int CompilingCalls = 100;
        var clock = new FakeClock();
        int calls = 0;
        var parameters = new EngineParameters
        {
            WorkloadActionNoUnroll = _ =>
            {
                if (calls < CompilingCalls)
                {
                    CompileAndRunNewMethod();
                }

                clock.Advance(2);
                calls++;
            },
        };

        TierUpEngineFactory.RunUntilTieredUp(parameters, clock.Read);

        Assert.InRange(calls, CompilingCalls + TierUpEngineFactory.QuietCalls, int.MaxValue);
    }

    [Fact]
    public void A_benchmark_that_slows_down_after_its_first_call_stops_the_stage_at_the_time_limit()
    {
        var clock = new FakeClock();
        int calls = 0;
        var parameters = new EngineParameters
        {
            WorkloadActionNoUnroll = _ =>
            {
                clock.Advance(calls == 0 ? 3 : 50);
                calls++;
            },
        };

        TierUpEngineFactory.RunUntilTieredUp(parameters, clock.Read);

        // 3 ms, then 50 ms a call until the clock passes 400 ms: 9 calls.
        Assert.Equal(9, calls);
        Assert.InRange(clock.Read(), TierUpEngineFactory.TimeLimit, TierUpEngineFactory.TimeLimit + TimeSpan.FromMilliseconds(50));
    }

    [Fact]
    public void The_stage_on_the_real_clock_calls_a_one_millisecond_benchmark_at_least_once_and_stops_by_the_time_limit()
    {
        int calls = 0;
        var parameters = new EngineParameters { WorkloadActionNoUnroll = _ => { Thread.Sleep(1); calls++; } };

        var watch = Stopwatch.StartNew();
        long reported = TierUpEngineFactory.RunUntilTieredUp(parameters);
        watch.Stop();

        // Whether the stage runs depends on how long the first call took on this machine; either way it counts every
        // call and ends within the time limit and one call.
        Assert.Equal(calls, reported);
        Assert.InRange(calls, 1, int.MaxValue);
        Assert.True(watch.Elapsed < TierUpEngineFactory.TimeLimit + TimeSpan.FromSeconds(5), $"took {watch.Elapsed}");
    }

    [Fact]
    public void The_wait_before_a_first_benchmark_goes_on_while_the_JIT_compiles_many_methods_and_ends_once_few_are_compiled_in_a_window()
    {
        // 40 methods per 10 ms poll until 200 ms, then one per poll: quiet over 50 ms (5 methods) at 250 ms.
        (TimeSpan waited, TimeSpan clock) = WaitOnFakeClock(now => now <= TimeSpan.FromMilliseconds(200) ? 40 : 1);

        Assert.Equal(TimeSpan.FromMilliseconds(250), waited);
        Assert.Equal(TimeSpan.FromMilliseconds(250), clock);
    }

    [Theory]
    [InlineData(0, 50)] // nothing compiled: quiet after one window
    [InlineData(TierUpEngineFactory.FirstBenchmarkQuietMethods / 5, 50)] // a trickle below the bound: quiet
    [InlineData(TierUpEngineFactory.FirstBenchmarkQuietMethods / 5 + 1, 600)] // just above it: never quiet, the limit ends the wait
    public void The_wait_before_a_first_benchmark_ends_after_one_quiet_window_or_at_its_limit(int perPoll, int expectedMilliseconds)
    {
        (TimeSpan waited, _) = WaitOnFakeClock(_ => perPoll);

        Assert.Equal(TimeSpan.FromMilliseconds(expectedMilliseconds), waited);
        Assert.Equal(TierUpEngineFactory.FirstBenchmarkWaitLimit, TimeSpan.FromMilliseconds(600));
    }

    [Theory]
    [InlineData(TierUpEngineFactory.FirstBenchmarkQuietMethods, 50)] // exactly the bound in the first window: quiet
    [InlineData(TierUpEngineFactory.FirstBenchmarkQuietMethods + 1, 60)] // one more: quiet only once that poll leaves the window
    public void The_wait_counts_a_window_with_at_most_the_bound_as_quiet(int compiledInFirstPoll, int expectedMilliseconds)
    {
        (TimeSpan waited, _) = WaitOnFakeClock(now => now == TimeSpan.FromMilliseconds(10) ? compiledInFirstPoll : 0);

        Assert.Equal(TimeSpan.FromMilliseconds(expectedMilliseconds), waited);
    }

    [Fact]
    public void The_wait_on_the_real_clock_ends_by_its_limit_and_refuses_nulls()
    {
        var watch = Stopwatch.StartNew();
        TimeSpan waited = TierUpEngineFactory.WaitForQuietJit(() => JitInfo.GetCompiledMethodCount(currentThread: false), () => watch.Elapsed, Thread.Sleep);

        Assert.InRange(waited, TierUpEngineFactory.FirstBenchmarkQuietWindow, TierUpEngineFactory.FirstBenchmarkWaitLimit + TimeSpan.FromSeconds(5));
        Assert.Equal("compiledMethods", Assert.Throws<ArgumentNullException>(() => TierUpEngineFactory.WaitForQuietJit(null!, () => TimeSpan.Zero, _ => { })).ParamName);
        Assert.Equal("elapsed", Assert.Throws<ArgumentNullException>(() => TierUpEngineFactory.WaitForQuietJit(() => 0, null!, _ => { })).ParamName);
        Assert.Equal("sleep", Assert.Throws<ArgumentNullException>(() => TierUpEngineFactory.WaitForQuietJit(() => 0, () => TimeSpan.Zero, null!)).ParamName);
    }

    /// <summary>
    /// Runs the quiet-JIT wait on a fake clock that each poll's sleep advances, the JIT compiling
    /// <paramref name="compiledDuringPollEndingAt"/>(the clock after the sleep) methods during it.
    /// </summary>
    private static (TimeSpan Waited, TimeSpan Clock) WaitOnFakeClock(Func<TimeSpan, int> compiledDuringPollEndingAt)
    {
        var clock = new FakeClock();
        long compiled = 1_000;
        TimeSpan waited = TierUpEngineFactory.WaitForQuietJit(
            () => compiled,
            clock.Read,
            interval =>
            {
                clock.Advance(interval.TotalMilliseconds);
                compiled += compiledDuringPollEndingAt(clock.Read());
            });
        return (waited, clock.Read());
    }

    /// <summary>A clock that moves only when a benchmark says its call took time.</summary>
    private sealed class FakeClock
    {
        private TimeSpan _now;

        public void Advance(double milliseconds) => _now += TimeSpan.FromMilliseconds(milliseconds);

        public TimeSpan Read() => _now;
    }

    private static void CompileAndRunNewMethod()
    {
        var method = new DynamicMethod("Compiled", typeof(int), Type.EmptyTypes);
        ILGenerator il = method.GetILGenerator();
        il.Emit(OpCodes.Ldc_I4_1);
        il.Emit(OpCodes.Ret);
        Assert.Equal(1, ((Func<int>)method.CreateDelegate(typeof(Func<int>)))());
    }
}

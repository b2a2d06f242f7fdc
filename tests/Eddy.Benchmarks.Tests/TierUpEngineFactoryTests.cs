using System;
using System.Diagnostics;
using System.Reflection.Emit;
using System.Threading;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Jobs;
using Eddy.Benchmarks.Harness;

namespace Eddy.Benchmarks.Tests;

/// <summary>The quick job's tier-up stage: how many times it invokes a benchmark before BenchmarkDotNet's stages.</summary>
public class TierUpEngineFactoryTests
{
    [Fact]
    public void The_quick_job_starts_with_the_tier_up_stage()
    {
        Assert.IsType<TierUpEngineFactory>(BenchmarkConfigs.QuickJob.Infrastructure.EngineFactory);
        Assert.Equal(3, BenchmarkConfigs.QuickJob.Run.WarmupCount);
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
                Thread.Sleep(1);
                calls++;
            },
            IterationCleanupAction = () => cleanups++,
        };

        long reported = TierUpEngineFactory.RunUntilTieredUp(parameters);

        Assert.Equal(calls, reported);
        Assert.Equal(calls, setups);
        Assert.Equal(calls, cleanups);
        Assert.InRange(calls, TierUpEngineFactory.MinimumCalls, int.MaxValue);
    }

    [Fact]
    public void A_fast_benchmark_is_called_once_and_left_to_the_pilot()
    {
        int calls = 0;
        var parameters = new EngineParameters { WorkloadActionNoUnroll = _ => calls++ };

        Assert.Equal(1, TierUpEngineFactory.RunUntilTieredUp(parameters));
        Assert.Equal(1, calls);
    }

    [Fact]
    public void The_stage_goes_on_while_methods_are_being_compiled_and_stops_once_quiet()
    {
        // Each of the first 100 calls compiles a new method, as a tier-up in progress would.
        const int CompilingCalls = 100;
        int calls = 0;
        var parameters = new EngineParameters
        {
            WorkloadActionNoUnroll = _ =>
            {
                if (calls < CompilingCalls)
                {
                    CompileAndRunNewMethod();
                }

                Thread.Sleep(1);
                calls++;
            },
        };

        TierUpEngineFactory.RunUntilTieredUp(parameters);

        Assert.InRange(calls, CompilingCalls + TierUpEngineFactory.QuietCalls, int.MaxValue);
    }

    [Fact]
    public void A_benchmark_too_slow_to_reach_the_count_is_called_once()
    {
        int calls = 0;
        var parameters = new EngineParameters
        {
            WorkloadActionNoUnroll = _ =>
            {
                Thread.Sleep(50);
                calls++;
            },
        };

        Assert.Equal(1, TierUpEngineFactory.RunUntilTieredUp(parameters));
        Assert.Equal(1, calls);
    }

    [Fact]
    public void A_benchmark_that_slows_down_after_its_first_call_stops_the_stage_at_the_time_limit()
    {
        int calls = 0;
        var parameters = new EngineParameters
        {
            WorkloadActionNoUnroll = _ =>
            {
                Thread.Sleep(calls == 0 ? 1 : 50);
                calls++;
            },
        };

        var watch = Stopwatch.StartNew();
        TierUpEngineFactory.RunUntilTieredUp(parameters);
        watch.Stop();

        Assert.InRange(calls, 2, TierUpEngineFactory.MinimumCalls - 1);
        Assert.InRange(watch.Elapsed, TierUpEngineFactory.TimeLimit, TierUpEngineFactory.TimeLimit + TimeSpan.FromSeconds(5));
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

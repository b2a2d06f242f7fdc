using System;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;

namespace Eddy.Benchmarks;

public static class Program
{
    public static int Main(string[] args)
    {
        bool quick = args.Contains("--quick");
        string[] rest = args.Where(a => a != "--quick").ToArray();

        IConfig config = DefaultConfig.Instance.AddDiagnoser(MemoryDiagnoser.Default);
        if (quick)
        {
            config = config.AddJob(Job.ShortRun.WithId("Quick"));
            BenchmarkRunner.Run<Write2KBenchmarks>(config, rest);
            return 0;
        }

        BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(rest, config);
        return 0;
    }
}

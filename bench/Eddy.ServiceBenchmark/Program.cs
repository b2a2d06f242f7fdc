using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Eddy.ServiceBenchmark.Load;
using Eddy.ServiceBenchmark.Server;
using Eddy.Tests.Shared;

namespace Eddy.ServiceBenchmark;

/// <summary>
/// "server --config stock|eddy|eddy-pool [--port N]" runs one server; anything else runs the benchmark against
/// fresh servers: [--quick | --smoke] [--rounds N] [--configs stock,eddy,eddy-pool]
/// [--cases "json 1 KB,upload 32 MB"] [--out DIR]. The tables go
/// to the console and to artifacts/service-bench/{full,quick,smoke}.md and .json.
/// </summary>
public static class Program
{
    public static async Task<int> Main(string[] args)
    {
        ArgumentNullException.ThrowIfNull(args);
        if (args.Length > 0 && args[0] == "server")
        {
            return await ServiceApp.RunAsync(ServiceConfiguration.Parse(Option(args, "--config") ?? "stock"), int.Parse(Option(args, "--port") ?? "0", CultureInfo.InvariantCulture)).ConfigureAwait(false);
        }

        RunSettings settings = args.Contains("--smoke") ? RunSettings.Smoke : args.Contains("--quick") ? RunSettings.Quick : RunSettings.Full;
        if (Option(args, "--rounds") is { } rounds)
        {
            settings = settings with { Rounds = int.Parse(rounds, CultureInfo.InvariantCulture) };
        }

        if (Option(args, "--configs") is { } names)
        {
            settings = settings with { Configurations = names.Split(',').Select(ServiceConfiguration.Parse).ToList() };
        }

        if (Option(args, "--cases") is { } caseIds)
        {
            settings = settings with { Cases = caseIds.Split(',').Select(id => EndpointCase.All.SingleOrDefault(c => c.Id == id.Trim()) ?? throw new ArgumentException($"Unknown case '{id}'.")).ToList() };
        }

        string output = Option(args, "--out") ?? RepositoryRoot.Combine("artifacts", "service-bench");
        using var cancel = new CancellationTokenSource();
        Console.CancelKeyPress += (_, e) =>
        {
            e.Cancel = true;
            cancel.Cancel();
        };

        RunResult result = await BenchmarkRunner.RunAsync(settings, Console.Out, cancel.Token).ConfigureAwait(false);
        Console.WriteLine();
        Console.WriteLine(Report.Write(result, output));
        Console.WriteLine($"written to {Path.Combine(output, result.Mode)}.md and .json");
        return 0;
    }

    private static string? Option(IReadOnlyList<string> args, string name)
    {
        for (int i = 0; i < args.Count - 1; i++)
        {
            if (args[i] == name)
            {
                return args[i + 1];
            }
        }

        return null;
    }
}

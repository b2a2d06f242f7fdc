using System;
using System.Diagnostics;
using System.IO;
using System.Net.Http;
using System.Net.Http.Json;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Eddy.ServiceBenchmark.Server;

namespace Eddy.ServiceBenchmark.Load;

/// <summary>
/// One server: this program started again as "server --config X --port 0" in a process of its own, so its
/// allocations, collections and working set are its own. Closing its standard input stops it.
/// </summary>
public sealed class ServerProcess : IAsyncDisposable
{
    private readonly Process _process;
    private readonly HttpClient _admin;

    private ServerProcess(Process process, Uri address, ServiceConfiguration configuration)
    {
        _process = process;
        Address = address;
        Configuration = configuration;
        _admin = new HttpClient { BaseAddress = address, Timeout = TimeSpan.FromSeconds(60) };
    }

    public Uri Address { get; }

    public ServiceConfiguration Configuration { get; }

    public static async Task<ServerProcess> StartAsync(ServiceConfiguration configuration, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(configuration);
        var start = new ProcessStartInfo(DotnetHost())
        {
            UseShellExecute = false,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        start.ArgumentList.Add(typeof(ServiceApp).Assembly.Location);
        start.ArgumentList.Add("server");
        start.ArgumentList.Add("--config");
        start.ArgumentList.Add(configuration.Name);
        start.ArgumentList.Add("--port");
        start.ArgumentList.Add("0");

        var process = Process.Start(start) ?? throw new InvalidOperationException($"Could not start {start.FileName}.");
        var errors = new StringBuilder();
        process.ErrorDataReceived += (_, e) =>
        {
            lock (errors)
            {
                errors.AppendLine(e.Data);
            }
        };
        process.BeginErrorReadLine();

        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(TimeSpan.FromSeconds(60));
        string? line;
        while ((line = await process.StandardOutput.ReadLineAsync(timeout.Token).ConfigureAwait(false)) is not null)
        {
            if (line.StartsWith(ServiceApp.ListeningPrefix, StringComparison.Ordinal))
            {
                var address = new Uri(line[ServiceApp.ListeningPrefix.Length..]);
                if (address.Host != "127.0.0.1")
                {
                    throw new InvalidOperationException($"The server listens on {address}, not on 127.0.0.1.");
                }

                return new ServerProcess(process, address, configuration);
            }
        }

        await process.WaitForExitAsync(CancellationToken.None).ConfigureAwait(false);
        string stderr;
        lock (errors)
        {
            stderr = errors.ToString();
        }

        throw new InvalidOperationException($"The {configuration.Name} server exited ({process.ExitCode}) before it listened:\n{stderr}");
    }

    /// <summary>The server's own figures; <paramref name="settle"/> collects garbage and restarts the peak resident set first.</summary>
    public async Task<ServerStats> StatsAsync(bool settle, CancellationToken cancellationToken)
    {
        ServerStats? stats = await _admin.GetFromJsonAsync(settle ? "/_stats?settle=true" : "/_stats", StatsJsonContext.Default.ServerStats, cancellationToken).ConfigureAwait(false);
        return stats ?? throw new InvalidDataException("/_stats answered null.");
    }

    /// <summary>Closes the server's standard input and waits for it to stop.</summary>
    public async ValueTask DisposeAsync()
    {
        _admin.Dispose();
        try
        {
            _process.StandardInput.Close();
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(20));
            await _process.WaitForExitAsync(timeout.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            _process.Kill(entireProcessTree: true);
        }
        finally
        {
            _process.Dispose();
        }
    }

    // "dotnet": the host running this program if it is dotnet, the one the SDK names (in tests), or the one on PATH.
    private static string DotnetHost()
    {
        string? current = Environment.ProcessPath;
        if (current is not null && Path.GetFileNameWithoutExtension(current) == "dotnet")
        {
            return current;
        }

        return Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } sdkHost ? sdkHost : "dotnet";
    }
}

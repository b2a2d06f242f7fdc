using System;
using System.Linq;
using System.Net;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Eddy.FileBuffering;

namespace Eddy.ServiceBenchmark.Server;

/// <summary>The Kestrel app in one configuration, listening on 127.0.0.1 only.</summary>
public static class ServiceApp
{
    public static WebApplication Build(ServiceConfiguration configuration, int port)
    {
        ArgumentNullException.ThrowIfNull(configuration);
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.Listen(IPAddress.Loopback, port);
            kestrel.Limits.MaxRequestBodySize = ServiceLimits.MaximumBody;
        });

        if (configuration.EddyBuffers)
        {
            // Eddy's pools in the container: PooledMemoryStreamPool for responses, FileBufferingStreamOptions for
            // request bodies, with the same threshold and limit as the stock configuration's EnableBuffering.
            builder.Services.AddEddy(eddy => eddy.FileBuffering = new FileBufferingStreamOptions
            {
                MemoryThreshold = ServiceLimits.MemoryThreshold,
                MaximumLength = ServiceLimits.MaximumBody,
                // Past the threshold each write and each read-ahead is a file operation: fewer, larger ones.
                FileBufferSize = 256 << 10,
            });
            builder.Services.AddSingleton<IBodyBuffering, EddyBodyBuffering>();
        }
        else
        {
            builder.Services.AddSingleton<IBodyBuffering, StockBodyBuffering>();
        }

        if (configuration.EddyTransport)
        {
            // Kestrel's transport on the container's BlockPool, the one the streams use.
            builder.Services.AddEddyKestrelMemoryPool();
        }

        WebApplication app = builder.Build();
        Endpoints.Map(app, configuration);
        return app;
    }

    /// <summary>The address the started app listens on, e.g. http://127.0.0.1:41234.</summary>
    public static Uri Address(WebApplication app)
    {
        ArgumentNullException.ThrowIfNull(app);
        string address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        return new Uri(address);
    }

    /// <summary>
    /// "server --config stock|eddy|eddy-pool [--port N]": serves until its standard input closes (the load
    /// generator closes it, or dies), after printing "listening http://127.0.0.1:N/".
    /// </summary>
    public static async Task<int> RunAsync(ServiceConfiguration configuration, int port)
    {
        WebApplication app = Build(configuration, port);
        await using (app.ConfigureAwait(false))
        {
            await app.StartAsync().ConfigureAwait(false);
            Console.WriteLine($"{ListeningPrefix}{Address(app)}");
            await Console.In.ReadToEndAsync().ConfigureAwait(false);
            await app.StopAsync().ConfigureAwait(false);
        }

        return 0;
    }

    /// <summary>The start of the line the server prints once it listens; the address follows.</summary>
    public const string ListeningPrefix = "listening ";
}

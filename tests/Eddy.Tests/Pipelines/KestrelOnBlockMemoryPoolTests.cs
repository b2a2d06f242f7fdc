using System;
using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Threading.Tasks;
using Eddy.AspNetCore;
using Eddy.Pooling;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Eddy.Tests.Pipelines;

/// <summary>
/// A real Kestrel server on 127.0.0.1 (a free port) with Eddy's pool behind <c>IMemoryPoolFactory&lt;byte&gt;</c>,
/// serving HTTP/1.1 uploads and downloads from 0 B to 4 MiB; everything compared with a server on Kestrel's own pool.
/// </summary>
public sealed class KestrelOnBlockMemoryPoolTests
{
    private static readonly int[] s_sizes = [0, 1, 4095, 4096, 4097, 100_000, 1 << 20, 4 << 20];

    [Fact]
    public async Task Kestrel_serves_the_same_responses_on_Eddys_pool_and_gives_every_block_back()
    {
        var blocks = new BlockPool();
        List<(HttpStatusCode Status, byte[] Body)> onEddy = await ServeAsync(services => services.AddEddyKestrelMemoryPool(blocks), blocks);
        List<(HttpStatusCode Status, byte[] Body)> onKestrel = await ServeAsync(null, null);

        Assert.Equal(onKestrel.Count, onEddy.Count);
        for (int i = 0; i < onEddy.Count; i++)
        {
            Assert.Equal(onKestrel[i].Status, onEddy[i].Status);
            Assert.True(onKestrel[i].Body.AsSpan().SequenceEqual(onEddy[i].Body), $"response {i} differs");
        }

        Assert.Equal(HttpStatusCode.NotFound, onEddy[^1].Status);
    }

    /// <summary>Starts a server, runs the request loop against it, stops it; returns every status and body.</summary>
    private static async Task<List<(HttpStatusCode, byte[])>> ServeAsync(Action<IServiceCollection>? configure, BlockPool? blocks)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.Listen(IPAddress.Loopback, 0));
        configure?.Invoke(builder.Services);
        WebApplication app = builder.Build();
        app.Run(HandleAsync);
        await app.StartAsync();

        var responses = new List<(HttpStatusCode, byte[])>();
        try
        {
            string address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
            Assert.StartsWith("http://127.0.0.1:", address, StringComparison.Ordinal);
            using var client = new HttpClient { BaseAddress = new Uri(address), Timeout = TimeSpan.FromSeconds(30) };
            client.DefaultRequestVersion = HttpVersion.Version11;
            client.DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact;
            foreach (int size in s_sizes)
            {
                byte[] upload = SpillingPattern(size);
                using HttpResponseMessage echoed = await client.PostAsync("/echo", new ByteArrayContent(upload));
                responses.Add((echoed.StatusCode, await echoed.Content.ReadAsByteArrayAsync()));
                Assert.Equal(upload, responses[^1].Item2);

                using HttpResponseMessage downloaded = await client.GetAsync($"/download?size={size}");
                responses.Add((downloaded.StatusCode, await downloaded.Content.ReadAsByteArrayAsync()));
                Assert.Equal(size, responses[^1].Item2.Length);
            }

            using HttpResponseMessage missing = await client.GetAsync("/missing");
            responses.Add((missing.StatusCode, await missing.Content.ReadAsByteArrayAsync()));

            if (blocks is not null)
            {
                // Used for real: Kestrel asked the factory for pools and the connections rented blocks from them.
                Assert.True(app.Services.GetRequiredService<BlockMemoryPoolFactory>().CreatedPools > 0);
                Assert.True(blocks.GetStatistics().RentedBlocks > 0, "Kestrel rented nothing from Eddy's pool");
            }
        }
        finally
        {
            await app.StopAsync();
            await app.DisposeAsync();
        }

        if (blocks is not null)
        {
            // Nothing leaked: with the server stopped every block came back.
            Eddy.Pooling.BlockPoolStatistics statistics = blocks.GetStatistics();
            Assert.True(statistics.RentedBlocks > 10, $"{statistics.RentedBlocks} blocks rented");
            Assert.Equal(statistics.RentedBlocks, statistics.ReturnedBlocks);
        }

        return responses;
    }

    private static async Task HandleAsync(HttpContext context)
    {
        if (context.Request.Path == "/echo")
        {
            await context.Request.Body.CopyToAsync(context.Response.Body);
            return;
        }

        if (context.Request.Path == "/download")
        {
            byte[] body = SpillingPattern(int.Parse(context.Request.Query["size"]!, System.Globalization.CultureInfo.InvariantCulture));
            for (int offset = 0; offset < body.Length; offset += 7000)
            {
                await context.Response.Body.WriteAsync(body.AsMemory(offset, Math.Min(7000, body.Length - offset)));
            }

            return;
        }

        context.Response.StatusCode = StatusCodes.Status404NotFound;
        await context.Response.WriteAsync("no such resource");
    }

    private static byte[] SpillingPattern(int size) => Eddy.Tests.Spilling.SpillingModel.Pattern(size, seed: size);
}

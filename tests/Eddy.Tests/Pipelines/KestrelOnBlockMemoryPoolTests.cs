using System;
using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Reflection;
using System.Threading.Tasks;
using Eddy.AspNetCore;
using Eddy.Pooling;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Server.Kestrel.Transport.NamedPipes;
using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

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

    public enum Builder
    {
        Full,
        Slim,
    }

    /// <summary>
    /// <c>AddEddyKestrelMemoryPool</c> before and after <c>UseKestrel</c>, on both builders (each of which runs
    /// Kestrel's registration once itself): a real Kestrel on 127.0.0.1 serves eight 200 KB uploads, echoed back, and
    /// the transport rents its buffers from the registered pool, which has every block back once the server stopped.
    /// </summary>
    [Theory]
    [InlineData(Builder.Full, true)]
    [InlineData(Builder.Full, false)]
    [InlineData(Builder.Slim, true)]
    [InlineData(Builder.Slim, false)]
    public async Task Kestrel_rents_from_Eddys_pool_whether_it_is_registered_before_or_after_UseKestrel(Builder kind, bool beforeUseKestrel)
    {
        var blocks = new BlockPool();
        WebApplicationBuilder builder = kind == Builder.Full ? WebApplication.CreateBuilder() : WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        if (beforeUseKestrel)
        {
            builder.Services.AddEddyKestrelMemoryPool(blocks);
        }

        builder.WebHost.UseKestrel(kestrel => kestrel.Listen(IPAddress.Loopback, 0));
        if (!beforeUseKestrel)
        {
            builder.Services.AddEddyKestrelMemoryPool(blocks);
        }

        WebApplication app = builder.Build();
        app.Run(HandleAsync);
        await app.StartAsync();
        try
        {
            string address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
            using var client = new HttpClient { BaseAddress = new Uri(address), Timeout = TimeSpan.FromSeconds(30) };
            long rentedBefore = blocks.GetStatistics().RentedBlocks;
            for (int i = 0; i < 8; i++)
            {
                byte[] upload = SpillingPattern(200_000 + i);
                using HttpResponseMessage echoed = await client.PostAsync("/echo", new ByteArrayContent(upload));
                Assert.Equal(HttpStatusCode.OK, echoed.StatusCode);
                Assert.Equal(upload, await echoed.Content.ReadAsByteArrayAsync());
            }

            long rentedWhileServing = blocks.GetStatistics().RentedBlocks - rentedBefore;
            Assert.True(rentedWhileServing >= 50, $"Kestrel rented {rentedWhileServing} blocks from Eddy's pool for 1.6 MB each way");

            // Resolvable as itself in either order, and the factory Kestrel asked for its pools.
            Assert.True(app.Services.GetRequiredService<BlockMemoryPoolFactory>().CreatedPools > 0, "Kestrel asked Eddy's factory for no pool");
        }
        finally
        {
            await app.StopAsync();
            await app.DisposeAsync();
        }

        BlockPoolStatistics statistics = blocks.GetStatistics();
        Assert.Equal(statistics.RentedBlocks, statistics.ReturnedBlocks);
    }

    /// <summary>
    /// The option each transport takes its pools from (internal to ASP.NET Core, so read by reflection here only), in
    /// both orders. The named-pipe transport's registration throws off Windows, so its option is registered here as
    /// <c>UseNamedPipes</c> registers it: a <c>Configure</c> that sets it from the container's factory.
    /// </summary>
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void Both_transports_options_hold_Eddys_factory_in_either_order(bool beforeUseKestrel)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        if (beforeUseKestrel)
        {
            builder.Services.AddEddyKestrelMemoryPool();
        }

        builder.Services.AddOptions<NamedPipeTransportOptions>()
            .Configure<IMemoryPoolFactory<byte>>((options, factory) => TransportFactoryProperty(options).SetValue(options, factory));
        builder.WebHost.UseKestrel();
        if (!beforeUseKestrel)
        {
            builder.Services.AddEddyKestrelMemoryPool();
        }

        using WebApplication app = builder.Build();
        BlockMemoryPoolFactory eddy = app.Services.GetRequiredService<BlockMemoryPoolFactory>();
        SocketTransportOptions sockets = app.Services.GetRequiredService<IOptions<SocketTransportOptions>>().Value;
        NamedPipeTransportOptions pipes = app.Services.GetRequiredService<IOptions<NamedPipeTransportOptions>>().Value;
        Assert.Same(eddy, TransportFactoryProperty(sockets).GetValue(sockets));
        Assert.Same(eddy, TransportFactoryProperty(pipes).GetValue(pipes));

        // The container's own answer follows its last registration: Eddy's only when registered after UseKestrel.
        Assert.Equal(!beforeUseKestrel, ReferenceEquals(eddy, app.Services.GetRequiredService<IMemoryPoolFactory<byte>>()));

        static PropertyInfo TransportFactoryProperty(object options) =>
            options.GetType().GetProperty("MemoryPoolFactory", BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)!;
    }

    [Fact]
    public void A_factory_registered_later_that_the_transport_options_cannot_be_rerouted_from_fails_with_what_to_do()
    {
        var services = new ServiceCollection();
        services.AddOptions();
        services.AddEddyKestrelMemoryPool();
        services.AddSingleton<IMemoryPoolFactory<byte>>(new OtherFactory());
        using ServiceProvider provider = services.BuildServiceProvider();

        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => provider.GetRequiredService<IOptions<SocketTransportOptions>>().Value);
        Assert.Contains("after UseKestrel", error.Message, StringComparison.Ordinal);
        Assert.NotNull(provider.GetRequiredService<BlockMemoryPoolFactory>());
    }

    private sealed class OtherFactory : IMemoryPoolFactory<byte>
    {
        public System.Buffers.MemoryPool<byte> Create(MemoryPoolOptions? options = null) => System.Buffers.MemoryPool<byte>.Shared;
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
            BlockPoolStatistics statistics = blocks.GetStatistics();
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

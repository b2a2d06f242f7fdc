using System;
using System.Globalization;
using System.IO;
using System.IO.Compression;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Eddy.Pooling;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace Eddy.ServiceBenchmark.Server;

/// <summary>
/// The service's endpoints. Each buffers through <see cref="IBodyBuffering"/>, the only part that differs between
/// the configurations.
/// </summary>
public static class Endpoints
{
    /// <summary>Response header: "true" when the upload's buffered body went to a temporary file.</summary>
    public const string SpilledHeader = "X-Body-Spilled";

    public static void Map(WebApplication app, ServiceConfiguration configuration)
    {
        ArgumentNullException.ThrowIfNull(app);
        app.MapGet("/json/{bytes:int}", (HttpContext context, int bytes, [FromServices] IBodyBuffering buffering) => JsonAsync(context, bytes, buffering));
        app.MapGet("/export/{bytes:int}", (HttpContext context, int bytes, [FromServices] IBodyBuffering buffering) => ExportAsync(context, bytes, buffering));
        app.MapPost("/upload", (HttpContext context, [FromServices] IBodyBuffering buffering) => UploadAsync(context, buffering));
        app.MapGet("/_stats", (HttpContext context, bool? settle) => StatsAsync(context, configuration, settle == true));
    }

    /// <summary>Buffered response: the orders as JSON, built in a stream so that Content-Length and ETag go out first.</summary>
    private static async Task JsonAsync(HttpContext context, int bytes, IBodyBuffering buffering)
    {
        if (!InRange(context, bytes))
        {
            return;
        }

        Order[] orders = Payloads.ForJson(bytes);
        Stream buffer = buffering.CreateResponseBuffer();
        await using (buffer.ConfigureAwait(false))
        {
            Payloads.WriteJson(buffer, orders);
            HttpResponse response = context.Response;
            response.ContentType = "application/json";
            response.ContentLength = buffer.Length;
            response.Headers.ETag = ETagOf(buffer);
            buffer.Position = 0;
            await buffer.CopyToAsync(response.Body, context.RequestAborted).ConfigureAwait(false);
        }
    }

    /// <summary>Compressed export: the orders as CSV, gzipped into a buffer so the compressed length is sent first.</summary>
    private static async Task ExportAsync(HttpContext context, int bytes, IBodyBuffering buffering)
    {
        if (!InRange(context, bytes))
        {
            return;
        }

        Order[] orders = Payloads.ForCsv(bytes);
        Stream buffer = buffering.CreateResponseBuffer();
        await using (buffer.ConfigureAwait(false))
        {
            using (var gzip = new GZipStream(buffer, CompressionLevel.Fastest, leaveOpen: true))
            {
                Payloads.WriteCsv(gzip, orders);
            }

            HttpResponse response = context.Response;
            response.ContentType = "text/csv";
            response.Headers.ContentEncoding = "gzip";
            response.ContentLength = buffer.Length;
            buffer.Position = 0;
            await buffer.CopyToAsync(response.Body, context.RequestAborted).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Request body read twice: the first pass checks its SHA-256 (as a signature check would), the second counts
    /// its lines (as a parser would). The answer is "length sha256 lines".
    /// </summary>
    private static async Task UploadAsync(HttpContext context, IBodyBuffering buffering)
    {
        CancellationToken aborted = context.RequestAborted;
        Stream body = await buffering.BufferRequestBodyAsync(context.Request, aborted).ConfigureAwait(false);
        byte[] hash = await SHA256.HashDataAsync(body, aborted).ConfigureAwait(false);

        body.Position = 0;
        (long length, long lines) = await CountLinesAsync(body, aborted).ConfigureAwait(false);

        HttpResponse response = context.Response;
        response.ContentType = "text/plain";
        response.Headers[SpilledHeader] = buffering.IsSpilled(body) ? "true" : "false";
        byte[] answer = Encoding.UTF8.GetBytes(UploadAnswer(length, hash, lines));
        response.ContentLength = answer.Length;
        await response.Body.WriteAsync(answer, aborted).ConfigureAwait(false);
    }

    /// <summary>What the upload endpoint answers for a body of this length, hash and line count.</summary>
    public static string UploadAnswer(long length, byte[] sha256, long lines) =>
        string.Create(CultureInfo.InvariantCulture, $"{length} {Convert.ToHexStringLower(sha256)} {lines}");

    private static async Task StatsAsync(HttpContext context, ServiceConfiguration configuration, bool settle)
    {
        if (settle)
        {
            ServerStats.Settle();
        }

        BlockPool pool = context.RequestServices.GetService<BlockPool>() ?? BlockPool.Shared;
        ServerStats stats = ServerStats.Capture(configuration.Name, pool.GetStatistics());
        context.Response.ContentType = "application/json";
        await JsonSerializer.SerializeAsync(context.Response.Body, stats, StatsJsonContext.Default.ServerStats, context.RequestAborted).ConfigureAwait(false);
    }

    private static async Task<(long Length, long Lines)> CountLinesAsync(Stream body, CancellationToken cancellationToken)
    {
        byte[] chunk = System.Buffers.ArrayPool<byte>.Shared.Rent(64 << 10);
        try
        {
            long length = 0;
            long lines = 0;
            int read;
            while ((read = await body.ReadAsync(chunk, cancellationToken).ConfigureAwait(false)) > 0)
            {
                length += read;
                lines += chunk.AsSpan(0, read).Count((byte)'\n');
            }

            return (length, lines);
        }
        finally
        {
            System.Buffers.ArrayPool<byte>.Shared.Return(chunk);
        }
    }

    private static string ETagOf(Stream buffer)
    {
        Span<byte> hash = stackalloc byte[SHA256.HashSizeInBytes];
        buffer.Position = 0;
        SHA256.HashData(buffer, hash);
        return string.Create(CultureInfo.InvariantCulture, $"\"{Convert.ToHexStringLower(hash)}\"");
    }

    private static bool InRange(HttpContext context, int bytes)
    {
        if (bytes is > 0 and <= ServiceLimits.MaximumResponse)
        {
            return true;
        }

        context.Response.StatusCode = StatusCodes.Status400BadRequest;
        return false;
    }
}

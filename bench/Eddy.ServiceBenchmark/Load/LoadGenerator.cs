using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using Eddy.ServiceBenchmark.Server;

namespace Eddy.ServiceBenchmark.Load;

/// <summary>What one pass of requests at a case measured on the client side.</summary>
public sealed record LoadResult(int Completed, TimeSpan Elapsed, double[] LatenciesMs)
{
    public double RequestsPerSecond => Completed / Elapsed.TotalSeconds;

    /// <summary>The latency below which <paramref name="fraction"/> of the requests finished (nearest rank).</summary>
    public double Percentile(double fraction)
    {
        if (LatenciesMs.Length == 0)
        {
            return double.NaN;
        }

        int rank = (int)Math.Ceiling(fraction * LatenciesMs.Length);
        return LatenciesMs[Math.Clamp(rank - 1, 0, LatenciesMs.Length - 1)];
    }
}

/// <summary>
/// The load generator: a fixed number of workers, each with one request in flight, over one
/// <see cref="HttpClient"/> that keeps one connection per worker; bounded by a request count and a time limit.
/// </summary>
public sealed class LoadGenerator : IDisposable
{
    private readonly HttpClient _client;
    private readonly int _concurrency;

    public LoadGenerator(Uri address, int concurrency)
    {
        _concurrency = concurrency;
        var handler = new SocketsHttpHandler
        {
            MaxConnectionsPerServer = concurrency,
            AutomaticDecompression = DecompressionMethods.None,
            UseCookies = false,
            UseProxy = false,
            PooledConnectionIdleTimeout = TimeSpan.FromMinutes(5),
        };
        _client = new HttpClient(handler) { BaseAddress = address, Timeout = TimeSpan.FromMinutes(2) };
        _client.DefaultRequestVersion = HttpVersion.Version11;
        _client.DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact;
    }

    /// <summary>
    /// Sends up to <paramref name="requests"/> requests within <paramref name="timeLimit"/>; checks the status and
    /// length of every response, and its content too when <paramref name="verifyAll"/> is set.
    /// </summary>
    public async Task<LoadResult> RunAsync(Expectation expectation, int requests, TimeSpan timeLimit, bool verifyAll, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(expectation);
        var latencies = new double[requests];
        int issued = 0;
        int completed = 0;
        long deadline = Stopwatch.GetTimestamp() + (long)(timeLimit.TotalSeconds * Stopwatch.Frequency);
        long started = Stopwatch.GetTimestamp();

        async Task WorkAsync()
        {
            byte[] sink = new byte[64 << 10];
            while (Interlocked.Increment(ref issued) <= requests && Stopwatch.GetTimestamp() < deadline)
            {
                long sent = Stopwatch.GetTimestamp();
                await SendAsync(expectation, sink, verifyAll, cancellationToken).ConfigureAwait(false);
                latencies[Interlocked.Increment(ref completed) - 1] = Stopwatch.GetElapsedTime(sent).TotalMilliseconds;
            }
        }

        await Task.WhenAll(Enumerable.Range(0, Math.Min(_concurrency, requests)).Select(_ => Task.Run(WorkAsync, cancellationToken))).ConfigureAwait(false);
        TimeSpan elapsed = Stopwatch.GetElapsedTime(started);
        double[] measured = latencies[..completed];
        Array.Sort(measured);
        return new LoadResult(completed, elapsed, measured);
    }

    public void Dispose() => _client.Dispose();

    private async Task SendAsync(Expectation expectation, byte[] sink, bool verify, CancellationToken cancellationToken)
    {
        EndpointCase endpointCase = expectation.Case;
        using var request = new HttpRequestMessage(endpointCase.Kind == EndpointKind.Upload ? HttpMethod.Post : HttpMethod.Get, endpointCase.Path);
        if (expectation.Upload is not null)
        {
            request.Content = new ByteArrayContent(expectation.Upload);
        }

        using HttpResponseMessage response = await _client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        if (response.StatusCode != HttpStatusCode.OK)
        {
            throw new InvalidDataException($"{endpointCase.Id}: status {(int)response.StatusCode}.");
        }

        long? declared = response.Content.Headers.ContentLength;
        if (verify)
        {
            byte[] body = await response.Content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false);
            if (declared != body.Length)
            {
                throw new InvalidDataException($"{endpointCase.Id}: Content-Length {declared}, body {body.Length} bytes.");
            }

            string? spilled = response.Headers.TryGetValues(Endpoints.SpilledHeader, out var values) ? values.Single() : null;
            expectation.Verify(body, response.Headers.ETag?.Tag, spilled);
            return;
        }

        Stream stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            long received = 0;
            int read;
            while ((read = await stream.ReadAsync(sink, cancellationToken).ConfigureAwait(false)) > 0)
            {
                received += read;
            }

            // The export's compressed length is checked against its own header; the others against the expectation too.
            if (received != declared || (endpointCase.Kind != EndpointKind.Export && received != expectation.ContentLength))
            {
                throw new InvalidDataException($"{endpointCase.Id}: Content-Length {declared}, body {received} bytes, expected {expectation.ContentLength}.");
            }
        }
    }
}

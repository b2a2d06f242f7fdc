using System;
using System.Net;
using System.Net.Sockets;
using System.Text.Json;
using System.Threading.Tasks;

namespace Eddy.Samples.JsonHttp;

/// <summary>
/// Serves the forecast as JSON from a loopback <see cref="HttpListener"/>. Each response is serialized into a
/// <see cref="PooledMemoryStream"/> rented from <see cref="PooledMemoryStreamPool.Shared"/>, so the length is
/// known before the body is sent, and neither the stream object nor its arrays are allocated per request.
/// </summary>
internal sealed class ForecastServer : IDisposable
{
    private readonly HttpListener _listener;
    private readonly Forecast[] _forecasts;

    private ForecastServer(HttpListener listener, Forecast[] forecasts, Uri address)
    {
        _listener = listener;
        _forecasts = forecasts;
        Address = address;
    }

    public Uri Address { get; }

    /// <summary>Starts listening on 127.0.0.1 at a free port.</summary>
    public static ForecastServer Start(Forecast[] forecasts)
    {
        // HttpListener cannot bind port 0, so ask the OS for a free port and take it; another process may
        // grab it in between, hence the retries.
        for (var attempt = 0; ; attempt++)
        {
            var port = FreePort();
            var listener = new HttpListener();
            var address = new Uri($"http://127.0.0.1:{port}/");
            listener.Prefixes.Add(address.ToString());
            try
            {
                listener.Start();
                return new ForecastServer(listener, forecasts, address);
            }
            catch (HttpListenerException) when (attempt < 10)
            {
                listener.Close();
            }
        }
    }

    /// <summary>Answers <paramref name="requests"/> requests, then returns.</summary>
    public async Task ServeAsync(int requests)
    {
        for (var i = 0; i < requests; i++)
        {
            var context = await _listener.GetContextAsync().ConfigureAwait(false);
            var response = context.Response;
            using (var body = PooledMemoryStreamPool.Shared.Rent())
            {
                await JsonSerializer.SerializeAsync(body, _forecasts, SampleJsonContext.Default.ForecastArray).ConfigureAwait(false);
                response.ContentType = "application/json";
                response.ContentLength64 = body.Length;
                body.Position = 0;
                await body.CopyToAsync(response.OutputStream).ConfigureAwait(false);
            }

            response.Close();
        }
    }

    public void Dispose() => _listener.Close();

    private static int FreePort()
    {
        var probe = new TcpListener(IPAddress.Loopback, 0);
        probe.Start();
        try
        {
            return ((IPEndPoint)probe.LocalEndpoint).Port;
        }
        finally
        {
            probe.Stop();
        }
    }
}

using System;
using System.Linq;
using System.Net.Http;
using System.Text.Json;
using Eddy.Samples.JsonHttp;

// Serves a forecast as JSON from a pooled stream on a loopback HTTP listener, fetches it back with HttpClient
// and checks that what arrived is what was served. Exit code 0 when every response checks out.
const int Requests = 3;
var forecasts = Forecast.Create(days: 2_000);

using var server = ForecastServer.Start(forecasts);
var serving = server.ServeAsync(Requests);
Console.WriteLine($"listening on {server.Address}");

using var client = new HttpClient { BaseAddress = server.Address, Timeout = TimeSpan.FromSeconds(30) };
for (var i = 0; i < Requests; i++)
{
    using var response = await client.GetAsync(new Uri("forecast", UriKind.Relative));
    response.EnsureSuccessStatusCode();
    var body = await response.Content.ReadAsByteArrayAsync();
    var received = JsonSerializer.Deserialize(body, SampleJsonContext.Default.ForecastArray);

    if (response.Content.Headers.ContentLength != body.Length || received is null || !received.SequenceEqual(forecasts))
    {
        Console.WriteLine($"response {i + 1}: MISMATCH ({body.Length} bytes, Content-Length {response.Content.Headers.ContentLength})");
        return 1;
    }

    Console.WriteLine($"response {i + 1}: {body.Length} bytes, {received.Length} forecasts, Content-Length matches");
}

await serving;
Console.WriteLine($"verified {Requests} JSON responses served from pooled streams");
return 0;

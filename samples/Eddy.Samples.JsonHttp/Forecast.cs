using System;

namespace Eddy.Samples.JsonHttp;

/// <summary>One day of a made-up weather forecast: the payload the server serializes.</summary>
internal sealed record Forecast(DateOnly Date, int TemperatureC, string Summary)
{
    private static readonly string[] s_summaries = ["Freezing", "Chilly", "Mild", "Warm", "Hot"];

    /// <summary>A deterministic forecast of <paramref name="days"/> days, so client and server agree on it.</summary>
    public static Forecast[] Create(int days)
    {
        var forecasts = new Forecast[days];
        var first = new DateOnly(2026, 1, 1);
        for (var i = 0; i < days; i++)
        {
            var temperature = (i * 37 % 60) - 20;
            forecasts[i] = new Forecast(first.AddDays(i), temperature, s_summaries[(temperature + 20) / 12]);
        }

        return forecasts;
    }
}

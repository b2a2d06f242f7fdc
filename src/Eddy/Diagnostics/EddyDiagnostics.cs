namespace Eddy.Diagnostics;

/// <summary>
/// The names under which Eddy publishes its diagnostics. They follow the platform's convention (Kestrel's meter is
/// <c>Microsoft.AspNetCore.Server.Kestrel</c>, its EventSource <c>Microsoft-AspNetCore-Server-Kestrel</c>): the same
/// words, with dots for the meter and dashes for the EventSource, so that tools such as <c>dotnet-counters</c>, which
/// take both kinds of provider in one list, can tell them apart.
/// </summary>
public static class EddyDiagnostics
{
    /// <summary>
    /// The name of Eddy's <c>System.Diagnostics.Metrics.Meter</c> (on .NET 8 and later): pool bytes retained,
    /// rented, newly allocated, trimmed and dropped over the cap, and leaks rescued. Created with Eddy's first pool;
    /// tools read it through the <c>System.Diagnostics.Metrics</c> provider with <c>Metrics=Eddy.Pooling</c>.
    /// </summary>
    public const string MeterName = "Eddy.Pooling";

    /// <summary>
    /// The name of Eddy's EventSource, for <c>dotnet-trace collect --providers Eddy-Pooling</c>: leak and trim events,
    /// and on .NET the counters <c>leaks-rescued</c>, <c>leaks-rescued-bytes</c>, <c>pool-retained-bytes</c> and
    /// <c>pool-allocated-bytes</c>. Created with Eddy's first pool.
    /// </summary>
    public const string EventSourceName = "Eddy-Pooling";
}

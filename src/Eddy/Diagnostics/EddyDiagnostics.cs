namespace Eddy.Diagnostics;

/// <summary>The names under which Eddy publishes its diagnostics.</summary>
public static class EddyDiagnostics
{
    /// <summary>
    /// The name of Eddy's <c>System.Diagnostics.Metrics.Meter</c> (on .NET 8 and later): pool bytes retained,
    /// rented, newly allocated, trimmed and dropped over the cap, and leaks rescued.
    /// <c>dotnet-counters monitor --counters Eddy</c> shows them.
    /// </summary>
    public const string MeterName = "Eddy";

    /// <summary>
    /// The name of Eddy's EventSource, for <c>dotnet-trace collect --providers Eddy</c>: leak and trim events.
    /// </summary>
    public const string EventSourceName = "Eddy";
}

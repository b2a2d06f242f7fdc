using System;
using Eddy.PackageTests.Infrastructure;

namespace Eddy.PackageTests;

/// <summary>
/// samples/Eddy.Samples.Diagnostics in a process of its own: listeners attached before Eddy is first used see the
/// EventSource appear with the first stream and receive its counters and the meter's instruments, with no leak.
/// </summary>
public class DiagnosticsSampleTests
{
    [Fact]
    public void A_fresh_process_sees_the_event_source_counters_and_the_meter_instruments()
    {
        var result = SampleApp.Run("Eddy.Samples.Diagnostics", TimeSpan.FromMinutes(1), "1");

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains("before the first stream: EventSource Eddy-Pooling does not exist yet", result.Output, StringComparison.Ordinal);
        Assert.Contains("after the first stream: EventSource Eddy-Pooling exists", result.Output, StringComparison.Ordinal);
        Assert.Matches(@"[\d,]+ streams in [\d.]+ s, 0 leaks", result.Output);
        Assert.Contains("EventSource counters received: 4", result.Output, StringComparison.Ordinal);
        Assert.Matches(@"pool-allocated-bytes = [1-9][\d,]*", result.Output);
        Assert.Contains("Meter instruments received: 7", result.Output, StringComparison.Ordinal);
        Assert.Matches(@"eddy\.pool\.rented = [1-9][\d,]*", result.Output);
        Assert.Contains("diagnostics visible", result.Output, StringComparison.Ordinal);
    }
}

using System;
using System.Diagnostics;
using System.Diagnostics.Tracing;
using System.Globalization;
using System.Linq;
using System.Threading;
using Eddy;
using Eddy.Diagnostics;
using Eddy.Samples.Diagnostics;

// A healthy process (nothing leaks, nothing is trimmed) and what Eddy's diagnostics show of it: an EventListener
// on the "Eddy-Pooling" EventSource and a MeterListener on the "Eddy.Pooling" meter, both attached before Eddy is first used.
// Usage: Eddy.Samples.Diagnostics [seconds]  (default 2; give more when a tool such as dotnet-trace or dotnet-counters attaches)
double seconds = args.Length > 0 ? double.Parse(args[0], CultureInfo.InvariantCulture) : 2;
Console.WriteLine($"pid {Environment.ProcessId}");

bool existedBefore = EventSource.GetSources().Any(s => s.Name == EddyDiagnostics.EventSourceName);
using var events = new EddyEventListener();
using var meter = new EddyMeterListener();
Console.WriteLine($"before the first stream: EventSource Eddy-Pooling {(existedBefore ? "exists" : "does not exist yet")}");

// The workload: streams of 1 KiB to 64 KiB, written and disposed, for the given time.
var clock = Stopwatch.StartNew();
long streams = 0;
var payload = new byte[64 * 1024];
while (clock.Elapsed.TotalSeconds < seconds)
{
    using (var stream = new PooledMemoryStream())
    {
        stream.Write(payload, 0, 1024 << (int)(streams % 7));
    }

    if (++streams % 1000 == 0)
    {
        Thread.Sleep(10);
    }
}

bool existsAfter = EventSource.GetSources().Any(s => s.Name == EddyDiagnostics.EventSourceName);
Console.WriteLine($"after the first stream: EventSource Eddy-Pooling {(existsAfter ? "exists" : "does not exist")}");
Console.WriteLine($"{streams:N0} streams in {clock.Elapsed.TotalSeconds:F1} s, {LeakTracker.RescuedCount} leaks");

// Polling counters arrive every second; give the last interval time to arrive.
for (int i = 0; i < 40 && events.Counters.Count < 4; i++)
{
    Thread.Sleep(50);
}

Console.WriteLine($"EventSource counters received: {events.Counters.Count}");
foreach ((string name, double value) in events.Counters.OrderBy(c => c.Key, StringComparer.Ordinal))
{
    Console.WriteLine($"  {name} = {value:N0}");
}

meter.RecordObservableInstruments();
Console.WriteLine($"Meter instruments received: {meter.Totals.Count}");
foreach ((string name, long value) in meter.Totals.OrderBy(c => c.Key, StringComparer.Ordinal))
{
    Console.WriteLine($"  {name} = {value:N0}");
}

bool healthy = existsAfter && events.Counters.Count == 4 && meter.Totals.Count == 7;
Console.WriteLine(healthy ? "diagnostics visible" : "diagnostics MISSING");
return healthy ? 0 : 1;

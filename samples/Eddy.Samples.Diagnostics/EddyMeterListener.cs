using System;
using System.Collections.Concurrent;
using System.Diagnostics.Metrics;
using Eddy.Diagnostics;

namespace Eddy.Samples.Diagnostics;

/// <summary>Listens to every instrument of the "Eddy.Pooling" meter and sums each one's measurements over its tags.</summary>
internal sealed class EddyMeterListener : IDisposable
{
    private readonly MeterListener _listener = new();

    public EddyMeterListener()
    {
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == EddyDiagnostics.MeterName)
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<long>((instrument, value, tags, state) =>
            Totals.AddOrUpdate(instrument.Name, value, (_, total) => total + value));
        _listener.Start();
    }

    /// <summary>Instrument name to the sum of its measurements at the last collection.</summary>
    public ConcurrentDictionary<string, long> Totals { get; } = new();

    /// <summary>Collects the observable instruments once (they report only when collected).</summary>
    public void RecordObservableInstruments()
    {
        Totals.Clear();
        _listener.RecordObservableInstruments();
    }

    public void Dispose() => _listener.Dispose();
}

using System;
using System.Collections.Generic;
using System.Diagnostics;

namespace Eddy.Lifetime;

/// <summary>One rescue, recorded under a registry lock and published after the lock is released.</summary>
internal readonly struct RescueReport
{
    public RescueReport(Type leakedType, long bytes, StackTrace? creationStack)
    {
        LeakedType = leakedType;
        Bytes = bytes;
        CreationStack = creationStack;
    }

    public Type LeakedType { get; }

    public long Bytes { get; }

    public StackTrace? CreationStack { get; }

    /// <summary>Publishes <paramref name="reports"/> through <see cref="Rescues.Report"/>; null means none.</summary>
    public static void PublishAll(List<RescueReport>? reports)
    {
        if (reports is null)
        {
            return;
        }

        foreach (RescueReport report in reports)
        {
            Rescues.Report(report.LeakedType, report.Bytes, report.CreationStack);
        }
    }
}

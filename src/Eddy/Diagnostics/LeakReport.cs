using System;
using System.Collections.Generic;
using System.Diagnostics;

namespace Eddy.Diagnostics;

/// <summary>One rescue, recorded under a registry lock and published after the lock is released.</summary>
internal readonly struct LeakReport
{
    public LeakReport(Type leakedType, long bytes, StackTrace? creationStack)
    {
        LeakedType = leakedType;
        Bytes = bytes;
        CreationStack = creationStack;
    }

    public Type LeakedType { get; }

    public long Bytes { get; }

    public StackTrace? CreationStack { get; }

    /// <summary>Publishes <paramref name="reports"/> through <see cref="LeakTracker.Publish"/>; null means none.</summary>
    public static void PublishAll(List<LeakReport>? reports)
    {
        if (reports is null)
        {
            return;
        }

        foreach (LeakReport report in reports)
        {
            LeakTracker.Publish(report.LeakedType, report.Bytes, report.CreationStack);
        }
    }
}

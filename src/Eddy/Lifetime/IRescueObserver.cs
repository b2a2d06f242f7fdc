using System;
using System.Diagnostics;

namespace Eddy.Lifetime;

/// <summary>
/// Hears of rescues, through <see cref="Rescues.Observer"/>. The lifetime layer names only this contract, so
/// whatever reports leaks (events, an EventSource) sits above every layer that rescues.
/// </summary>
internal interface IRescueObserver
{
    /// <summary>True when reports are wanted now, so a rescuer should keep the owner type and stack for each rescue.</summary>
    bool WantsReports { get; }

    /// <summary>One rescue, already counted. Called on the rescuing thread, outside any lock; must not throw.</summary>
    void OnRescued(Type leakedType, long bytes, StackTrace? creationStack);
}

using System.Runtime.CompilerServices;
using System.Threading;
using Eddy.Lifetime;
using Eddy.Pooling;

namespace Eddy.Diagnostics;

/// <summary>
/// Attaches the diagnostics to the hooks of the layers they observe (<see cref="Rescues.Observer"/> and
/// <see cref="PoolRegistry"/>), so that those layers never name a meter, an event source or a leak event.
/// </summary>
/// <remarks>
/// Attaching runs when the assembly loads and only stores two observers: the meter and the event source are
/// still created with the first pool, and a process that never listens pays nothing more. Rescue totals are
/// kept by the lifetime layer, so they are exact even on a runtime that attaches late.
/// </remarks>
internal static class Observation
{
    private static int s_attached;

    /// <summary>Attaches the observers, once; later calls do nothing.</summary>
#pragma warning disable CA2255 // Runs in the library on purpose: it only stores two observers.
    [ModuleInitializer]
#pragma warning restore CA2255
    internal static void Attach()
    {
        if (Interlocked.Exchange(ref s_attached, 1) != 0)
        {
            return;
        }

        Rescues.Observer = new LeakTracker.RescueObserver();
        PoolRegistry.Observe(new PoolMetrics.PoolObserver());
    }
}

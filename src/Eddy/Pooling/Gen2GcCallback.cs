using System;

namespace Eddy.Pooling;

/// <summary>
/// Calls back after Gen2 collections for as long as its target lives: an unreachable object whose finalizer
/// re-registers itself, so it runs once per collection of the generation it has aged into (Gen2 after its
/// first two survivals). Holding the target weakly lets pools be collected; the callbacks then stop.
/// </summary>
internal sealed class Gen2GcCallback
{
    private readonly Func<object, bool> _callback;
    private readonly WeakReference<object> _target;
    private int _lastGen2Count;

    private Gen2GcCallback(Func<object, bool> callback, object target)
    {
        _callback = callback;
        _target = new WeakReference<object>(target);
        _lastGen2Count = GC.CollectionCount(2);
    }

    /// <summary>Starts calling <paramref name="callback"/> with <paramref name="target"/> after each Gen2 collection.</summary>
    /// <param name="callback">Returns false to stop the callbacks.</param>
    /// <param name="target">Held weakly.</param>
    public static void Register(Func<object, bool> callback, object target) => _ = new Gen2GcCallback(callback, target);

    ~Gen2GcCallback()
    {
        if (!_target.TryGetTarget(out object? target) || Environment.HasShutdownStarted)
        {
            return;
        }

        // The finalizer also runs after the Gen0 and Gen1 collections of its youth; act on Gen2 ones only.
        int gen2Count = GC.CollectionCount(2);
        if (gen2Count != _lastGen2Count)
        {
            _lastGen2Count = gen2Count;
            if (!_callback(target))
            {
                return;
            }
        }

        GC.ReRegisterForFinalize(this);
    }
}

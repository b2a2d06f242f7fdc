using System;
using System.Runtime.InteropServices;

namespace Eddy.Internal;

/// <summary>
/// Calls back after Gen2 collections for as long as its target lives: an unreachable object whose finalizer
/// re-registers itself, so it runs once per collection of the generation it has aged into (Gen2 after its
/// first two survivals). Holding the target weakly lets pools be collected; the callbacks then stop.
/// </summary>
/// <remarks>
/// The target is held by a raw weak <see cref="GCHandle"/>, not a <see cref="WeakReference{T}"/>: a weak
/// reference object reachable only from this finalizable object is finalized in the same cycle, which frees
/// its handle and would make the target look dead at the first callback.
/// </remarks>
internal sealed class Gen2GcCallback
{
    private readonly Func<object, bool> _callback;
    private GCHandle _target;
    private int _lastGen2Count;

    private Gen2GcCallback(Func<object, bool> callback, object target)
    {
        _callback = callback;
        _target = GCHandle.Alloc(target, GCHandleType.Weak);
        _lastGen2Count = GC.CollectionCount(2);
    }

    /// <summary>Starts calling <paramref name="callback"/> with <paramref name="target"/> after each Gen2 collection.</summary>
    /// <param name="callback">Returns false to stop the callbacks.</param>
    /// <param name="target">Held weakly.</param>
    public static void Register(Func<object, bool> callback, object target) => _ = new Gen2GcCallback(callback, target);

    ~Gen2GcCallback()
    {
        object? target = _target.Target;
        if (target is null || Environment.HasShutdownStarted)
        {
            _target.Free();
            return;
        }

        // The finalizer also runs after the Gen0 and Gen1 collections of its youth; act on Gen2 ones only.
        int gen2Count = GC.CollectionCount(2);
        if (gen2Count != _lastGen2Count)
        {
            _lastGen2Count = gen2Count;
            if (!_callback(target))
            {
                _target.Free();
                return;
            }
        }

        GC.ReRegisterForFinalize(this);
    }
}

using System;
using System.Runtime.ConstrainedExecution;
using System.Runtime.InteropServices;

namespace Eddy.Diagnostics;

/// <summary>
/// Calls back after garbage collections for as long as its target lives, without keeping the target alive:
/// a finalizable object that re-registers itself for finalization each time it is finalized. Once promoted
/// to generation 2 it is finalized only by Gen2 collections, which is when idle pools should sweep and trim.
/// </summary>
internal sealed class Gen2GcCallback : CriticalFinalizerObject
{
    private readonly Func<object, bool> _callback;
    private GCHandle _target;

    private Gen2GcCallback(Func<object, bool> callback, object target)
    {
        _callback = callback;
        _target = GCHandle.Alloc(target, GCHandleType.Weak);
    }

    ~Gen2GcCallback()
    {
        object? target = _target.Target;
        if (target is null)
        {
            _target.Free();
            return;
        }

        bool keepGoing;
        try
        {
            keepGoing = _callback(target);
        }
#pragma warning disable CA1031 // An exception on the finalizer thread would end the process.
        catch
#pragma warning restore CA1031
        {
            keepGoing = true;
        }

        if (keepGoing)
        {
            GC.ReRegisterForFinalize(this);
        }
        else
        {
            _target.Free();
        }
    }

    /// <summary>
    /// Calls <paramref name="callback"/> with <paramref name="target"/> after garbage collections until the
    /// target is collected or the callback returns false.
    /// </summary>
    public static void Register(Func<object, bool> callback, object target) =>
        _ = new Gen2GcCallback(callback, target);
}

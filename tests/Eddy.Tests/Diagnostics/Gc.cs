using System;

namespace Eddy.Tests.Diagnostics;

/// <summary>Forces the collections that make dropped objects unreachable and run pending finalizers.</summary>
internal static class Gc
{
    public static void CollectAll()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        GC.WaitForPendingFinalizers();
    }
}

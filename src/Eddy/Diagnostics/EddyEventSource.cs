using System;
using System.Diagnostics.CodeAnalysis;
using System.Diagnostics.Tracing;
using System.Runtime.CompilerServices;

namespace Eddy.Diagnostics;

/// <summary>
/// The <c>Eddy-Pooling</c> EventSource, for <c>dotnet-trace</c> and <c>dotnet-counters</c>: an event per rescued leak
/// and per pool trim, and (on .NET) polling counters for the leak totals and the pools' retained and allocated bytes.
/// Created when the first pool is added to <see cref="Pooling.PoolRegistry"/> (see <see cref="PoolMetrics"/>).
/// Disabled, each event costs one <see cref="EventSource.IsEnabled()"/> check at the call site.
/// </summary>
[EventSource(Name = EddyDiagnostics.EventSourceName)]
internal sealed partial class EddyEventSource : EventSource
{
    /// <summary>The event id of <see cref="LeakDetected"/>.</summary>
    public const int LeakDetectedEventId = 1;

    /// <summary>The event id of <see cref="PoolTrimmed"/>.</summary>
    public const int PoolTrimmedEventId = 2;

    public static readonly EddyEventSource Log = new();

    private EddyEventSource()
    {
    }

    /// <summary>An object was dropped undisposed and its pooled memory given back.</summary>
    [Event(LeakDetectedEventId, Level = EventLevel.Warning,
        Message = "{0} dropped without Dispose; {1} bytes rescued. Created at: {2}")]
    [UnconditionalSuppressMessage("ReflectionAnalysis", "IL2026:RequiresUnreferencedCode",
        Justification = "The payload is two strings and a long, which need no reflection over user types.")]
    public unsafe void LeakDetected(string typeName, long bytes, string allocationStack)
    {
        // WriteEvent has no (string, long, string) overload and its params object[] fallback allocates and is
        // not trim-safe, so the payload is laid out by hand.
        fixed (char* typeNamePointer = typeName)
        fixed (char* stackPointer = allocationStack)
        {
            EventData* data = stackalloc EventData[3];
            data[0] = StringData(typeNamePointer, typeName);
            data[1] = new EventData { DataPointer = (IntPtr)(&bytes), Size = sizeof(long) };
            data[2] = StringData(stackPointer, allocationStack);
            WriteEventCore(LeakDetectedEventId, 3, data);
        }
    }

    /// <summary>A pool gave retained memory back (to its backing pool or to the GC).</summary>
    [Event(PoolTrimmedEventId, Level = EventLevel.Informational, Message = "{0} trimmed {1} bytes.")]
    public void PoolTrimmed(string poolName, long bytes) => WriteEvent(PoolTrimmedEventId, poolName, bytes);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe EventData StringData(char* pointer, string value) =>
        new() { DataPointer = (IntPtr)pointer, Size = (value.Length + 1) * sizeof(char) };
}

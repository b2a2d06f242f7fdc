using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;

namespace Eddy.Pooling;

public sealed partial class BlockPool
{
    /// <summary>Picks the per-core stack: the processor this thread runs on.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int CurrentStackId() => Thread.GetCurrentProcessorId();

    // The cookie sits in the first 8 bytes: they share a cache line with the array header that Rent and
    // Return read anyway (the length), where the last 8 bytes would cost a second line, often a second page.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long ReadHead(byte[] block) => Unsafe.ReadUnaligned<long>(ref MemoryMarshal.GetArrayDataReference(block));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteHead(byte[] block, long value) => Unsafe.WriteUnaligned(ref MemoryMarshal.GetArrayDataReference(block), value);

    /// <summary>True when the GC reports a memory load of at least 90% of its high-load threshold.</summary>
    internal static bool IsMemoryLoadHigh()
    {
        GCMemoryInfo info = GC.GetGCMemoryInfo();
        return info.HighMemoryLoadThresholdBytes > 0 && info.MemoryLoadBytes >= info.HighMemoryLoadThresholdBytes / 10 * 9;
    }
}

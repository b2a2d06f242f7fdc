using System;
using System.Runtime.InteropServices;

namespace Eddy.Pooling;

public sealed partial class BlockPool
{
    /// <summary>Picks the per-core stack: netstandard2.1 cannot ask for the processor, so the thread stands in for it.</summary>
    private static int CurrentStackId() => Environment.CurrentManagedThreadId;

    // The cookie sits in the first 8 bytes: they share a cache line with the array header that Rent and
    // Return read anyway (the length), where the last 8 bytes would cost a second line, often a second page.
    private static long ReadHead(byte[] block) => MemoryMarshal.Read<long>(block);

    private static void WriteHead(byte[] block, long value) => MemoryMarshal.Write(block, ref value);

    /// <summary>netstandard2.1 has no memory-load figure, so load never forces a full trim there.</summary>
    internal static bool IsMemoryLoadHigh() => false;
}

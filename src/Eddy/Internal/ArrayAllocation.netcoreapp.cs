using System;

namespace Eddy.Internal;

/// <summary>
/// New arrays for the pools: not zeroed when the element type has no references, unless the pool clears on return
/// (uninitialized memory can hold bytes of objects the process freed, which a clearing pool must never hand out).
/// </summary>
internal static class ArrayAllocation
{
    public static T[] New<T>(int length, bool zeroed) => zeroed ? new T[length] : GC.AllocateUninitializedArray<T>(length);

    /// <summary>A new byte array, on the pinned object heap when <paramref name="pinned"/>.</summary>
    public static byte[] Bytes(int length, bool pinned, bool zeroed) =>
        zeroed ? GC.AllocateArray<byte>(length, pinned) : GC.AllocateUninitializedArray<byte>(length, pinned);
}

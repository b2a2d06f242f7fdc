using System;

namespace Eddy.Pooling;

/// <summary>New arrays for the pools: not zeroed when the element type has no references.</summary>
internal static class ArrayAllocation
{
    public static T[] Uninitialized<T>(int length) => GC.AllocateUninitializedArray<T>(length);

    /// <summary>A new byte array, on the pinned object heap when <paramref name="pinned"/>.</summary>
    public static byte[] Bytes(int length, bool pinned) => GC.AllocateUninitializedArray<byte>(length, pinned);
}

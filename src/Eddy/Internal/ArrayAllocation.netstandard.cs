namespace Eddy.Internal;

/// <summary>New arrays for the pools (netstandard2.1 has neither uninitialized nor pinned allocation: always zeroed).</summary>
internal static class ArrayAllocation
{
    public static T[] New<T>(int length, bool zeroed) => new T[length];

    /// <summary>A new byte array; <paramref name="pinned"/> has no effect on this target.</summary>
    public static byte[] Bytes(int length, bool pinned, bool zeroed) => new byte[length];
}

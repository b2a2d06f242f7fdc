using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Eddy.Binary;

/// <content>Access through <see cref="MemoryMarshal"/>: netstandard2.1 has no <c>Unsafe</c> without a package.</content>
internal static partial class LittleEndian
{
    /// <summary>Writes <paramref name="value"/> into <paramref name="array"/> at <paramref name="offset"/>; the caller guarantees the room.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe void Write<T>(byte[] array, int offset, T value)
        where T : unmanaged
    {
        Debug.Assert((uint)offset <= (uint)array.Length && array.Length - offset >= sizeof(T));
        value = Normalize(value);
        MemoryMarshal.Write(array.AsSpan(offset), ref value);
    }

    /// <summary>Reads a <typeparamref name="T"/> from the start of <paramref name="source"/>; the caller guarantees the length.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe T Read<T>(ReadOnlySpan<byte> source)
        where T : unmanaged
    {
        Debug.Assert(source.Length >= sizeof(T));
        return Normalize(MemoryMarshal.Read<T>(source));
    }

    /// <summary>Reinterprets a value already known to be of type <typeparamref name="TTo"/> (boxes; netstandard2.1 has no <c>Unsafe.As</c>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TTo As<TFrom, TTo>(TFrom value) => (TTo)(object)value!;

    /// <summary>netstandard2.1 has no scalar that is not primitive.</summary>
    private static bool IsTargetScalar<T>() => false;
}

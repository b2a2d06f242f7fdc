using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Eddy.Binary;

/// <content>Unaligned access through <see cref="Unsafe"/>, which skips the span's own length check.</content>
internal static partial class LittleEndian
{
    /// <summary>Writes <paramref name="value"/> into <paramref name="array"/> at <paramref name="offset"/>; the caller guarantees the room.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe void Write<T>(byte[] array, int offset, T value)
        where T : unmanaged
    {
        Debug.Assert((uint)offset <= (uint)array.Length && array.Length - offset >= sizeof(T));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(array), (nint)(uint)offset), Normalize(value));
    }

    /// <summary>Reads a <typeparamref name="T"/> from the start of <paramref name="source"/>; the caller guarantees the length.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe T Read<T>(ReadOnlySpan<byte> source)
        where T : unmanaged
    {
        Debug.Assert(source.Length >= sizeof(T));
        return Normalize(Unsafe.ReadUnaligned<T>(ref MemoryMarshal.GetReference(source)));
    }

    /// <summary>Reinterprets a value already known to be of type <typeparamref name="TTo"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TTo As<TFrom, TTo>(TFrom value) => Unsafe.As<TFrom, TTo>(ref value);

    /// <summary><see cref="Half"/> is a scalar that is not primitive.</summary>
    private static bool IsTargetScalar<T>() => typeof(T) == typeof(Half);
}

using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Eddy.Binary;

/// <summary>
/// Moves unmanaged values to and from little-endian bytes. Callers check lengths first; these helpers do
/// not, so that the checked fast paths in the readers and writers are one compare each.
/// </summary>
internal static class LittleEndian
{
    /// <summary>Writes <paramref name="value"/> at <paramref name="offset"/>; the caller guarantees the room.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe void Write<T>(Span<byte> destination, int offset, T value)
        where T : unmanaged
    {
        Debug.Assert((uint)offset <= (uint)destination.Length && destination.Length - offset >= sizeof(T));
        value = Normalize(value);
#if NET
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref MemoryMarshal.GetReference(destination), (nint)(uint)offset), value);
#else
        MemoryMarshal.Write(destination.Slice(offset), ref value);
#endif
    }

    /// <summary>Writes <paramref name="value"/> into <paramref name="array"/> at <paramref name="offset"/>; the caller guarantees the room.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe void Write<T>(byte[] array, int offset, T value)
        where T : unmanaged
    {
        Debug.Assert((uint)offset <= (uint)array.Length && array.Length - offset >= sizeof(T));
        value = Normalize(value);
#if NET
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(array), (nint)(uint)offset), value);
#else
        MemoryMarshal.Write(array.AsSpan(offset), ref value);
#endif
    }

    /// <summary>Reads a <typeparamref name="T"/> from the start of <paramref name="source"/>; the caller guarantees the length.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe T Read<T>(ReadOnlySpan<byte> source)
        where T : unmanaged
    {
        Debug.Assert(source.Length >= sizeof(T));
#if NET
        return Normalize(Unsafe.ReadUnaligned<T>(ref MemoryMarshal.GetReference(source)));
#else
        return Normalize(MemoryMarshal.Read<T>(source));
#endif
    }

    /// <summary>
    /// Turns native byte order into little-endian and back (the same swap both ways). A no-op on
    /// little-endian machines: <see cref="BitConverter.IsLittleEndian"/> is a JIT-time constant, so the
    /// branch disappears. Only scalars are swapped; a composite struct keeps its in-memory layout.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T Normalize<T>(T value)
        where T : unmanaged
    {
        if (!BitConverter.IsLittleEndian && IsScalar<T>())
        {
            MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref value, 1)).Reverse();
        }

        return value;
    }

    /// <summary>Swaps each element of <paramref name="values"/> in place on big-endian machines.</summary>
    public static void Normalize<T>(Span<T> values)
        where T : unmanaged
    {
        if (!BitConverter.IsLittleEndian && IsScalar<T>())
        {
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = Normalize(values[i]);
            }
        }
    }

    /// <summary>Whether <typeparamref name="T"/> is one number whose bytes swap as a whole.</summary>
    private static bool IsScalar<T>()
    {
#if NET
        if (typeof(T) == typeof(Half))
        {
            return true;
        }
#endif
        return typeof(T).IsPrimitive || typeof(T).IsEnum;
    }

    /// <summary>Reinterprets a value already known to be of type <typeparamref name="TTo"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TTo As<TFrom, TTo>(TFrom value)
    {
#if NET
        return Unsafe.As<TFrom, TTo>(ref value);
#else
        return (TTo)(object)value!;
#endif
    }
}

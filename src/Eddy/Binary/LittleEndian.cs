using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Eddy.Binary;

/// <summary>
/// Moves unmanaged values to and from little-endian bytes. Callers check lengths first; these helpers do
/// not, so that the checked fast paths in the reader and writer are one compare each.
/// </summary>
internal static partial class LittleEndian
{
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
    private static bool IsScalar<T>() => typeof(T).IsPrimitive || typeof(T).IsEnum || IsTargetScalar<T>();
}

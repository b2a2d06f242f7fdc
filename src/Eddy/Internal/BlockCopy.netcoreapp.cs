using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Eddy.Internal;

internal static partial class BlockCopy
{
    /// <summary>Sends a span of bytes, whatever its static element type, down the layout-safe byte path.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryCopyAsBytes<T>(ReadOnlySpan<T> source, Span<T> destination)
    {
        if (typeof(T) != typeof(byte))
        {
            return false;
        }

        Copy(
            MemoryMarshal.CreateReadOnlySpan(ref Unsafe.As<T, byte>(ref MemoryMarshal.GetReference(source)), source.Length),
            MemoryMarshal.CreateSpan(ref Unsafe.As<T, byte>(ref MemoryMarshal.GetReference(destination)), destination.Length));
        return true;
    }
}

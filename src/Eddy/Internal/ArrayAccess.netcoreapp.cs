using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Eddy.Internal;

// Array operations whose fast form needs .NET (Core); the netstandard2.1 build has safe equivalents.
internal static partial class ArrayAccess
{
    /// <summary>A span over <paramref name="array"/>[<paramref name="start"/>..+<paramref name="length"/>]; the caller has checked the bounds, so no check is repeated.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Span<T> UncheckedSlice<T>(T[] array, int start, int length) =>
        MemoryMarshal.CreateSpan(ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(array), (nint)(uint)start), length);

    /// <summary>A new array whose elements the caller overwrites at once, so they need not be zeroed first.</summary>
    /// <remarks>
    /// The runtime allocates arrays under <see cref="UninitializedMinimumBytes"/> with <c>new</c> anyway; doing that
    /// here saves the call into <see cref="GC.AllocateUninitializedArray{T}(int, bool)"/> for the short arrays that
    /// <c>ToArray</c> of a small stream returns.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T[] AllocateUninitialized<T>(int length) =>
        length < UninitializedMinimumBytes / Unsafe.SizeOf<T>() ? new T[length] : GC.AllocateUninitializedArray<T>(length);

    /// <summary>The size from which the runtime skips zeroing an uninitialized array.</summary>
    private const int UninitializedMinimumBytes = 2048;

    /// <summary>The managed size of one <typeparamref name="T"/>.</summary>
    public static int ElementSize<T>() => Unsafe.SizeOf<T>();
}

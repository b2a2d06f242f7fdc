using System;
using System.Runtime.CompilerServices;
using Eddy.Internal;

namespace Eddy.Pooling;

/// <summary>Helpers shared by the fixed-length pools.</summary>
internal static class FixedLength
{
    /// <summary>Throws when a marker's length is not positive.</summary>
    public static void Validate<TLength>()
        where TLength : struct, IFixedLength
    {
        int length = default(TLength).Length;
        if (length <= 0)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(typeof(TLength).Name, length, "A fixed length must be positive.");
        }
    }

    /// <summary>A new array; not zeroed where the runtime allows and the element type has no references.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static T[] Allocate<T>(int length)
    {
#if NET
        return GC.AllocateUninitializedArray<T>(length);
#else
        return new T[length];
#endif
    }

    /// <summary>
    /// The argument checks every fixed-length pool makes on return: not null, exactly <paramref name="length"/>
    /// elements. Inlined, so the fast path stays two compares with the throws out of line.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void ValidateReturnedArray<T>([System.Diagnostics.CodeAnalysis.NotNull] T[]? array, int length)
    {
        if (array is null)
        {
            ThrowHelper.ThrowArgumentNullException(nameof(array));
        }

        if (array.Length != length)
        {
            ThrowHelper.ThrowArgumentException_WrongArrayLength(array.Length, length, nameof(array));
        }
    }

    public static void ThrowReturnedTwice(int length) =>
        ThrowHelper.ThrowInvalidOperationException_ReturnedTwice($"An array of the fixed length {length}");
}

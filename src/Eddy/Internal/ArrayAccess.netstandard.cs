using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Eddy.Internal;

// Array operations whose fast form needs .NET (Core); these are the netstandard2.1 equivalents.
internal static partial class ArrayAccess
{
    /// <summary>A span over <paramref name="array"/>[<paramref name="start"/>..+<paramref name="length"/>].</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Span<T> UncheckedSlice<T>(T[] array, int start, int length) => new(array, start, length);

    /// <summary>A new array (zeroed: netstandard2.1 cannot skip that).</summary>
    public static T[] AllocateUninitialized<T>(int length) => new T[length];

    /// <summary>The size of one <typeparamref name="T"/>, or a guess where netstandard2.1 cannot tell; it only steers chunk sizes.</summary>
    public static int ElementSize<T>()
    {
        if (!typeof(T).IsValueType)
        {
            return IntPtr.Size;
        }

        // Marshal.SizeOf gives the marshalled size, which differs from the managed one for these two.
        if (typeof(T) == typeof(char))
        {
            return sizeof(char);
        }

        if (typeof(T) == typeof(bool))
        {
            return sizeof(bool);
        }

        try
        {
            return Math.Max(1, Marshal.SizeOf<T>());
        }
        catch (ArgumentException)
        {
            // Not marshalable (holds references).
            return 16;
        }
    }
}

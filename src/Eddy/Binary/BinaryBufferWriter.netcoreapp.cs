using System;
using System.Runtime.CompilerServices;

namespace Eddy.Binary;

/// <content>Types that netstandard2.1 lacks.</content>
public sealed partial class BinaryBufferWriter
{
    /// <summary>Writes the two bytes of the IEEE half, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(Half value) => WriteUnmanaged(value);

    /// <summary>Writes the two bytes of the IEEE half, little-endian.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value to write.</param>
    /// <returns><paramref name="writer"/>, for the next <c>&lt;&lt;</c>.</returns>
    public static BinaryBufferWriter operator <<(BinaryBufferWriter writer, Half value)
    {
        writer.Write(value);
        return writer;
    }
}

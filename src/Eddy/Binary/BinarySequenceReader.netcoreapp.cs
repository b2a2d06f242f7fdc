using System;
using System.Runtime.CompilerServices;

namespace Eddy.Binary;

/// <content>Types and allocation APIs that netstandard2.1 lacks.</content>
public ref partial struct BinarySequenceReader
{
    /// <summary>Reads an IEEE half from two bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal Half ReadHalf() => ReadUnmanaged<Half>();

    /// <summary>An array the caller fills completely, so it need not be zeroed.</summary>
    private static byte[] NewUninitializedArray(int length) => GC.AllocateUninitializedArray<byte>(length);
}

namespace Eddy.Binary;

/// <content>Allocation without the uninitialized-array API.</content>
public ref partial struct BinarySequenceReader
{
    /// <summary>An array the caller fills completely (netstandard2.1 zeroes it anyway).</summary>
    private static byte[] NewUninitializedArray(int length) => new byte[length];
}

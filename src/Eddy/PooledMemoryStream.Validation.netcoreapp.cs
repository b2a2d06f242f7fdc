using System.IO;
using System.Runtime.CompilerServices;

namespace Eddy;

public sealed partial class PooledMemoryStream
{
    /// <summary>The BCL's (buffer, offset, count) checks.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ValidateBuffer(byte[] buffer, int offset, int count) => ValidateBufferArguments(buffer, offset, count);

    /// <summary>The BCL's CopyTo/CopyToAsync checks.</summary>
    private static void ValidateCopyTo(Stream destination, int bufferSize) => ValidateCopyToArguments(destination, bufferSize);
}

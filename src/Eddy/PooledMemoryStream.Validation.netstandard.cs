using System.IO;
using System.Runtime.CompilerServices;

namespace Eddy;

public sealed partial class PooledMemoryStream
{
    /// <summary>The BCL's (buffer, offset, count) checks, with the same exception types, parameter names and messages.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ValidateBuffer(byte[] buffer, int offset, int count) => StreamArguments.ValidateBuffer(buffer, offset, count);

    /// <summary>The BCL's CopyTo/CopyToAsync checks, with the same exception types and parameter names.</summary>
    private static void ValidateCopyTo(Stream destination, int bufferSize) => StreamArguments.ValidateCopyTo(destination, bufferSize);
}

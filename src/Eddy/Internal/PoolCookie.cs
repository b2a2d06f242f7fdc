using System;

namespace Eddy.Internal;

/// <summary>The per-process random value pools stamp into arrays they hold, to make double returns cheap to spot.</summary>
internal static class PoolCookie
{
    /// <summary>Never zero: zero is what a pool writes over the cookie when the array leaves it.</summary>
    public static readonly long Value = Create();

    private static long Create()
    {
        byte[] bytes = Guid.NewGuid().ToByteArray();
        long cookie = BitConverter.ToInt64(bytes, 0) ^ BitConverter.ToInt64(bytes, 8);
        return cookie == 0 ? 0x5EED_B10C_C0FF_EE00 : cookie;
    }
}

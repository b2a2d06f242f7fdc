using System;

namespace Eddy.Pooling;

public sealed partial class SelfReturningBufferPool
{
    // Contents are undefined to the renter anyway, so the array is not zeroed.
    private static byte[] AllocateUninitialized(int length) => GC.AllocateUninitializedArray<byte>(length);
}

namespace Eddy.Pooling;

public sealed partial class SelfReturningBufferPool
{
    // netstandard2.1 has no uninitialized allocation.
    private static byte[] AllocateUninitialized(int length) => new byte[length];
}

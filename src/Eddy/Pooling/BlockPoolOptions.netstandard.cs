namespace Eddy.Pooling;

public sealed partial class BlockPoolOptions
{
    // netstandard2.1 cannot ask the GC how much memory it may use.
    private static long ComputeDefaultMaximumRetainedBytes() => 256L << 20;
}

using System;

namespace Eddy.Pooling;

public sealed partial class BlockPoolOptions
{
    private static long ComputeDefaultMaximumRetainedBytes()
    {
        long total = GC.GetGCMemoryInfo().TotalAvailableMemoryBytes;
        if (total <= 0)
        {
            return 256L << 20;
        }

        return Math.Min(Math.Max(total / 16, 16L << 20), 4L << 30);
    }
}

using System.Diagnostics;

namespace Eddy.Pooling;

/// <summary>What the debugger shows for an <see cref="EddyArrayPool{T}"/>: its limits and the arrays retained per size class.</summary>
internal sealed class EddyArrayPoolDebugView<T>(EddyArrayPool<T> pool)
{
    public int MaximumArrayLength => pool.MaximumArrayLength;

    public int MaximumRetained => pool.MaximumRetained;

    /// <summary>One line per size class that holds arrays.</summary>
    [DebuggerBrowsable(DebuggerBrowsableState.RootHidden)]
    public SizeClassCount[] RetainedPerClass
    {
        get
        {
            var lines = new System.Collections.Generic.List<SizeClassCount>();
            for (int i = 0; i < pool.ClassCount; i++)
            {
                int count = pool.RetainedCountOfClass(i);
                if (count != 0)
                {
                    lines.Add(new SizeClassCount(16 << i, count));
                }
            }

            return lines.ToArray();
        }
    }
}

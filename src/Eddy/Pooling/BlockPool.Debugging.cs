using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Threading;

namespace Eddy.Pooling;

[DebuggerDisplay("{DebuggerDisplay,nq}")]
[DebuggerTypeProxy(typeof(BlockPoolDebugView))]
public sealed partial class BlockPool
{
    private string DebuggerDisplay
    {
        get
        {
            BlockPoolStatistics statistics = GetStatistics();
            return $"Retained = {FormatLength(statistics.RetainedBytes)} in {statistics.RetainedBlocks} blocks, MaximumRetainedBytes = {FormatLength(_maximumRetainedBytes)}, MaximumBlockLength = {FormatLength(_maximumBlockLength)}";
        }
    }

    /// <summary>Blocks retained now per size class, in every tier, for the debugger view (classes holding none are left out).</summary>
    internal SizeClassCount[] RetainedPerClass()
    {
        var counts = new long[_classCount];
        for (int i = 0; i < counts.Length; i++)
        {
            counts[i] = RetainedInStacks(i);
        }

        lock (_cachesLock)
        {
            foreach (GCHandle reference in _caches)
            {
                if (reference.Target is ThreadCache cache)
                {
                    for (int i = 0; i < counts.Length; i++)
                    {
                        counts[i] += cache.CountHeld(i);
                    }
                }
            }
        }

        var lines = new List<SizeClassCount>();
        for (int i = 0; i < counts.Length; i++)
        {
            if (counts[i] != 0)
            {
                lines.Add(new SizeClassCount(ClassLength(i), counts[i]));
            }
        }

        return lines.ToArray();
    }

    /// <summary>What the debugger shows for a <see cref="BlockPool"/>: its counters and the blocks retained per size class.</summary>
    private sealed class BlockPoolDebugView(BlockPool pool)
    {
        public BlockPoolStatistics Statistics => pool.GetStatistics();

        [DebuggerBrowsable(DebuggerBrowsableState.RootHidden)]
        public SizeClassCount[] RetainedPerClass => pool.RetainedPerClass();
    }
}

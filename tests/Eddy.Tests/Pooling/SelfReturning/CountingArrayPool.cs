using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Eddy.Tests.Pooling.SelfReturning;

/// <summary>A backing pool that allocates every rent and records every array lent and returned.</summary>
internal sealed class CountingArrayPool : ArrayPool<byte>
{
    private readonly object _sync = new();
    private readonly HashSet<byte[]> _lent = new(ReferenceEqualityComparer.Instance);

    public int Rents { get; private set; }

    public int Returns { get; private set; }

    public int Outstanding
    {
        get
        {
            lock (_sync)
            {
                return _lent.Count;
            }
        }
    }

    public override byte[] Rent(int minimumLength)
    {
        byte[] array = new byte[minimumLength];
        lock (_sync)
        {
            Rents++;
            _lent.Add(array);
        }

        return array;
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
        lock (_sync)
        {
            Returns++;
            Assert.True(_lent.Remove(array), "An array came back that was not lent, or came back twice.");
        }
    }
}

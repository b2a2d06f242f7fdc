using System;
using System.Collections.Generic;

namespace Eddy.Benchmarks.Micro.SelfReturning;

/// <summary>
/// Prototype of the finalizer-with-resurrection design (docs/design.md), measured against the shipped design: finalizable handles whose finalizer returns the
/// array and puts the handle itself back into a handle pool (resurrection); a reused handle is re-registered
/// with GC.ReRegisterForFinalize, so the steady state allocates no handles. Single size, benchmark use only.
/// </summary>
public sealed class ResurrectingBufferPool
{
    private readonly object _sync = new();
    private readonly Stack<ResurrectingBuffer> _handles = new();
    private readonly Stack<byte[]> _arrays = new();
    private readonly int _size;
    private readonly bool _recycleHandles;

    public ResurrectingBufferPool(int size, bool recycleHandles)
    {
        _size = size;
        _recycleHandles = recycleHandles;
    }

    public long HandlesAllocated { get; private set; }

    public long ArraysAllocated { get; private set; }

    public ResurrectingBuffer Rent()
    {
        ResurrectingBuffer? handle = null;
        byte[]? array = null;
        lock (_sync)
        {
            if (_handles.Count > 0)
            {
                handle = _handles.Pop();
            }

            if (_arrays.Count > 0)
            {
                array = _arrays.Pop();
            }
        }

        if (handle is null)
        {
            handle = new ResurrectingBuffer(this);
            HandlesAllocated++;
        }
        else
        {
            GC.ReRegisterForFinalize(handle);
        }

        if (array is null)
        {
            array = GC.AllocateUninitializedArray<byte>(_size);
            ArraysAllocated++;
        }

        handle.Array = array;
        return handle;
    }

    internal void OnFinalized(ResurrectingBuffer handle, byte[] array)
    {
        lock (_sync)
        {
            _arrays.Push(array);
            if (_recycleHandles)
            {
                _handles.Push(handle);
            }
        }
    }
}

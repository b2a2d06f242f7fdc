namespace Eddy.Benchmarks.Micro.SelfReturning;

/// <summary>The handle of <see cref="ResurrectingBufferPool"/>: its finalizer gives the array back.</summary>
public sealed class ResurrectingBuffer
{
    private readonly ResurrectingBufferPool _pool;

    internal ResurrectingBuffer(ResurrectingBufferPool pool) => _pool = pool;

    ~ResurrectingBuffer()
    {
        byte[]? array = Array;
        Array = null;
        if (array is not null)
        {
            _pool.OnFinalized(this, array);
        }
    }

    public byte[]? Array { get; internal set; }
}

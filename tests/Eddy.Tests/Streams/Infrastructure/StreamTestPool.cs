using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Eddy.Tests.Streams.Infrastructure;

/// <summary>
/// A single-threaded <see cref="ArrayPool{T}"/> for stream tests: fresh arrays come filled with garbage and
/// returned arrays are handed out again with whatever they held (stale bytes, as a real pool would), so a
/// stream that forgets to zero a gap is caught. Tracks every array so leaks, double and foreign returns fail.
/// </summary>
public sealed class StreamTestPool : ArrayPool<byte>
{
    public const byte Garbage = 0xCD;

    private readonly Dictionary<int, Stack<byte[]>> _free = new();
    private readonly HashSet<byte[]> _outstanding = new(ReferenceComparer.Instance);
    private readonly List<string> _errors = new();
    private int _rentCalls;

    public int RentCount { get; private set; }

    public int ReturnCount { get; private set; }

    public int Outstanding => _outstanding.Count;

    public long OutstandingBytes { get; private set; }

    /// <summary>When set, every returned array is recorded with its clear flag (for clear-on-return checks).</summary>
    public List<(byte[] Array, bool Cleared)>? Returned { get; set; }

    /// <summary>
    /// When set, a returned array gets its first bytes overwritten at once, as a pool's double-return marker
    /// would, so a stream still reading an array it gave back is caught.
    /// </summary>
    public bool ScribbleOnReturn { get; set; }

    /// <summary>The number (1-based) of the Rent call that throws a simulated <see cref="OutOfMemoryException"/>; 0 for none.</summary>
    public int FailOnRent { get; set; }

    public override byte[] Rent(int minimumLength)
    {
        if (++_rentCalls == FailOnRent)
        {
            throw new OutOfMemoryException("StreamTestPool: simulated out-of-memory on rent.");
        }

        RentCount++;
        int length = minimumLength <= 16 ? 16 : (int)Math.Min(0x7FFFFFC7, 1L << (64 - System.Numerics.BitOperations.LeadingZeroCount((ulong)(minimumLength - 1))));
        byte[] array;
        if (_free.TryGetValue(length, out Stack<byte[]>? stack) && stack.Count > 0)
        {
            array = stack.Pop();
        }
        else
        {
            array = new byte[length];
            array.AsSpan().Fill(Garbage);
        }

        _outstanding.Add(array);
        OutstandingBytes += array.Length;
        return array;
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
        ReturnCount++;
        if (!_outstanding.Remove(array))
        {
            _errors.Add($"Returned an array of length {array.Length} that was not outstanding (double or foreign return).");
            return;
        }

        OutstandingBytes -= array.Length;
        Returned?.Add((array, clearArray));
        if (clearArray)
        {
            Array.Clear(array);
        }

        if (ScribbleOnReturn)
        {
            array.AsSpan(0, Math.Min(8, array.Length)).Fill(0xEE);
        }

        if (!_free.TryGetValue(array.Length, out Stack<byte[]>? stack))
        {
            _free[array.Length] = stack = new Stack<byte[]>();
        }

        stack.Push(array);
    }

    public void AssertNoErrors() => Assert.Empty(_errors);

    /// <summary>Asserts every rented array came back exactly once.</summary>
    public void AssertAllReturned()
    {
        Assert.Empty(_errors);
        Assert.Equal(0, Outstanding);
        Assert.Equal(RentCount, ReturnCount);
    }

    private sealed class ReferenceComparer : IEqualityComparer<byte[]>
    {
        public static readonly ReferenceComparer Instance = new();

        public bool Equals(byte[]? x, byte[]? y) => ReferenceEquals(x, y);

        public int GetHashCode(byte[] obj) => RuntimeHelpers.GetHashCode(obj);
    }
}

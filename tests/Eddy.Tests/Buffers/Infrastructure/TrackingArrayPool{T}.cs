using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Eddy.Tests.Buffers.Infrastructure;

/// <summary>
/// An <see cref="ArrayPool{T}"/> that hands out fresh arrays and records every rent and return, so a test can
/// prove each rented array came back exactly once and nothing foreign was returned.
/// </summary>
public sealed class TrackingArrayPool<T> : ArrayPool<T>
{
    private readonly HashSet<T[]> _outstanding = new(ReferenceEqualityComparer.Instance);
    private readonly List<string> _errors = new();

    /// <summary>Rent calls after which every further Rent throws (to test exception paths); -1 for never.</summary>
    public int FailAfterRents { get; set; } = -1;

    /// <summary>When set, rented arrays are filled with this value (stale data a pool could hold).</summary>
    public T? Garbage { get; set; }

    public bool FillWithGarbage { get; set; }

    public int RentCount { get; private set; }

    public int ReturnCount { get; private set; }

    public int Outstanding => _outstanding.Count;

    public IReadOnlyList<string> Errors => _errors;

    public List<int> RequestedLengths { get; } = new();

    public List<bool> ClearFlags { get; } = new();

    public override T[] Rent(int minimumLength)
    {
        if (FailAfterRents >= 0 && RentCount >= FailAfterRents)
        {
            throw new InsufficientMemoryException("TrackingArrayPool: simulated rent failure.");
        }

        RentCount++;
        RequestedLengths.Add(minimumLength);
        var array = new T[minimumLength];
        if (FillWithGarbage)
        {
            Array.Fill(array, Garbage!);
        }

        _outstanding.Add(array);
        return array;
    }

    public override void Return(T[] array, bool clearArray = false)
    {
        ReturnCount++;
        ClearFlags.Add(clearArray);
        if (!_outstanding.Remove(array))
        {
            _errors.Add($"Returned an array of length {array.Length} that was not outstanding (double or foreign return).");
        }
    }

    /// <summary>Asserts every rented array came back exactly once.</summary>
    public void AssertAllReturned()
    {
        Assert.Empty(_errors);
        Assert.Equal(0, Outstanding);
        Assert.Equal(RentCount, ReturnCount);
    }

    /// <summary>Adopts an array as if rented here (for AdoptFirstChunk tests).</summary>
    public T[] RentExact(int length)
    {
        RentCount++;
        var array = new T[length];
        _outstanding.Add(array);
        return array;
    }

    private sealed class ReferenceEqualityComparer : IEqualityComparer<T[]>
    {
        public static readonly ReferenceEqualityComparer Instance = new();

        public bool Equals(T[]? x, T[]? y) => ReferenceEquals(x, y);

        public int GetHashCode(T[] obj) => RuntimeHelpers.GetHashCode(obj);
    }
}

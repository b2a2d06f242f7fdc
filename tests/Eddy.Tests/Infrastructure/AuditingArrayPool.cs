using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Eddy.Tests.Infrastructure;

/// <summary>
/// An <see cref="ArrayPool{T}"/> for clear-on-return checks: it audits every array handed back. An array returned with
/// <c>clearArray: true</c> is zeroed here, as the <see cref="ArrayPool{T}"/> contract asks; any other must already hold
/// only <c>default(T)</c>, and each element that does not is counted (<see cref="DirtyElements"/>) and the array
/// recorded (<see cref="Violations"/>). Arrays are handed out zeroed (fresh, or returned ones, which leave here
/// zeroed), so whatever is not zero on return was written by the renter. Tracks every array so leaks, double and
/// foreign returns fail too. Thread-safe (a finalizer-thread sweep may return arrays).
/// </summary>
public sealed class AuditingArrayPool<T> : ArrayPool<T>
{
    private readonly object _sync = new();
    private readonly Dictionary<int, Stack<T[]>> _free = new();
    private readonly HashSet<T[]> _outstanding = new(ReferenceComparer.Instance);
    private readonly List<string> _errors = new();
    private int _rentCalls;

    /// <summary>Elements found not cleared in arrays returned without <c>clearArray</c>, summed over every return.</summary>
    public long DirtyElements { get; private set; }

    /// <summary>One line per array returned dirty: how many of its elements were not cleared.</summary>
    public List<string> Violations { get; } = new();

    public int RentCount { get; private set; }

    public int ReturnCount { get; private set; }

    public int Outstanding
    {
        get
        {
            lock (_sync)
            {
                return _outstanding.Count;
            }
        }
    }

    /// <summary>Rent calls so far, failed ones included.</summary>
    public int RentCallCount
    {
        get
        {
            lock (_sync)
            {
                return _rentCalls;
            }
        }
    }

    /// <summary>The number (1-based) of the Rent call that throws a simulated <see cref="OutOfMemoryException"/>; 0 for none.</summary>
    public int FailOnRent { get; set; }

    public override T[] Rent(int minimumLength)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(minimumLength);
        lock (_sync)
        {
            if (++_rentCalls == FailOnRent)
            {
                throw new OutOfMemoryException("AuditingArrayPool: simulated out-of-memory on rent.");
            }

            if (minimumLength == 0)
            {
                return [];
            }

            RentCount++;
            int length = minimumLength <= 16 ? 16 : (int)Math.Min(0x7FFFFFC7, 1L << (64 - System.Numerics.BitOperations.LeadingZeroCount((ulong)(minimumLength - 1))));
            T[] array = _free.TryGetValue(length, out Stack<T[]>? stack) && stack.Count > 0 ? stack.Pop() : new T[length];
            _outstanding.Add(array);
            return array;
        }
    }

    public override void Return(T[] array, bool clearArray = false)
    {
        lock (_sync)
        {
            ReturnCount++;
            if (!_outstanding.Remove(array))
            {
                _errors.Add($"Returned an array of length {array.Length} that was not outstanding (double or foreign return).");
                return;
            }

            if (!clearArray)
            {
                int dirty = CountDirty(array);
                if (dirty != 0)
                {
                    DirtyElements += dirty;
                    Violations.Add($"an array of {array.Length} came back with {dirty} elements not cleared");
                }
            }

            // Leaves zeroed, so the next renter's writes are all that a later audit can find.
            Array.Clear(array);
            if (!_free.TryGetValue(array.Length, out Stack<T[]>? stack))
            {
                _free[array.Length] = stack = new Stack<T[]>();
            }

            stack.Push(array);
        }
    }

    /// <summary>Asserts that no array came back holding anything but default elements.</summary>
    public void AssertReturnedClean(string context = "")
    {
        lock (_sync)
        {
            Assert.True(DirtyElements == 0, $"{context}: {DirtyElements} elements came back not cleared ({string.Join("; ", Violations)}).");
        }
    }

    /// <summary>Asserts every rented array came back exactly once.</summary>
    public void AssertAllReturned()
    {
        lock (_sync)
        {
            Assert.Empty(_errors);
            Assert.Empty(_outstanding);
            Assert.Equal(RentCount, ReturnCount);
        }
    }

    private static int CountDirty(T[] array)
    {
        if (typeof(T) == typeof(byte))
        {
            ReadOnlySpan<byte> bytes = (byte[])(object)array;
            return bytes.Length - bytes.Count((byte)0);
        }

        int dirty = 0;
        foreach (T element in array)
        {
            if (!EqualityComparer<T>.Default.Equals(element, default!))
            {
                dirty++;
            }
        }

        return dirty;
    }

    private sealed class ReferenceComparer : IEqualityComparer<T[]>
    {
        public static readonly ReferenceComparer Instance = new();

        public bool Equals(T[]? x, T[]? y) => ReferenceEquals(x, y);

        public int GetHashCode(T[] obj) => RuntimeHelpers.GetHashCode(obj);
    }
}

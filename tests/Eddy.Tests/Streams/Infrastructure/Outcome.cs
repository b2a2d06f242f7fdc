using System;
using System.Collections;
using System.Threading.Tasks;

namespace Eddy.Tests.Streams.Infrastructure;

/// <summary>What one call did: its value, or the exception's type and parameter name. Tasks are awaited.</summary>
public readonly record struct Outcome(object? Value, Type? Error, string? ParamName, TaskStatus? Status)
{
    public static Outcome Of(Func<object?> call)
    {
        try
        {
            object? value = call();
            return value switch
            {
                Task task => OfTask(task),
                _ => new Outcome(value, null, null, null),
            };
        }
        catch (Exception exception)
        {
            return new Outcome(null, exception.GetType(), (exception as ArgumentException)?.ParamName, null);
        }
    }

    public static Outcome Of(Action call) => Of(() =>
    {
        call();
        return null;
    });

    private static Outcome OfTask(Task task)
    {
        try
        {
            task.GetAwaiter().GetResult();
        }
        catch (Exception exception)
        {
            return new Outcome(null, exception.GetType(), (exception as ArgumentException)?.ParamName, task.Status);
        }

        object? result = task switch
        {
            Task<int> ints => ints.Result,
            Task<long> longs => longs.Result,
            _ => task.GetType().IsGenericType ? task.GetType().GetProperty("Result")!.GetValue(task) : null,
        };
        return new Outcome(result, null, null, task.Status);
    }

    /// <summary>Asserts both calls ended the same way: same value, or same exception type and parameter name.</summary>
    public static void AssertSame(Outcome expected, Outcome actual, string context)
    {
        if (expected.Error != actual.Error || expected.ParamName != actual.ParamName || expected.Status != actual.Status)
        {
            Assert.Fail($"{context}: MemoryStream gave {expected}, PooledMemoryStream gave {actual}.");
        }

        if (expected.Value is byte[] leftBytes && actual.Value is byte[] rightBytes)
        {
            if (!leftBytes.AsSpan().SequenceEqual(rightBytes))
            {
                Assert.Fail($"{context}: MemoryStream returned {leftBytes.Length} bytes, PooledMemoryStream returned {rightBytes.Length} different bytes.");
            }
        }
        else if (expected.Value is IEnumerable left && actual.Value is IEnumerable right)
        {
            Assert.Equal(left.Cast(), right.Cast());
        }
        else if (!Equals(expected.Value, actual.Value))
        {
            Assert.Fail($"{context}: MemoryStream returned {expected.Value}, PooledMemoryStream returned {actual.Value}.");
        }
    }
}

internal static class EnumerableExtensions
{
    public static System.Collections.Generic.List<object?> Cast(this IEnumerable source)
    {
        var list = new System.Collections.Generic.List<object?>();
        foreach (object? item in source)
        {
            list.Add(item);
        }

        return list;
    }
}

using System;
using System.Collections;
using System.Threading.Tasks;

namespace Eddy.Tests.Streams.Infrastructure;

/// <summary>What one call did: its value, or the exception's type, parameter name and message. Tasks are awaited.</summary>
public readonly record struct Outcome(object? Value, Type? Error, string? ParamName, TaskStatus? Status)
{
    // The one message that differs on purpose (docs/stream.md): PooledMemoryStream's lengths may pass 2 GiB in its
    // automatic and segmented modes, so its range message names the stream's maximum length instead.
    private const string MemoryStreamLengthMessage = "Stream length must be non-negative and less than 2^31 - 1 - origin.";
    private const string PooledLengthMessage = "Stream length must be non-negative and less than the stream's maximum length.";

    /// <summary>The exception's message, when the call threw.</summary>
    public string? Message { get; init; }

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
            return new Outcome(null, exception.GetType(), (exception as ArgumentException)?.ParamName, null) { Message = exception.Message };
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
            return new Outcome(null, exception.GetType(), (exception as ArgumentException)?.ParamName, task.Status) { Message = exception.Message };
        }

        object? result = task switch
        {
            Task<int> ints => ints.Result,
            Task<long> longs => longs.Result,
            _ => task.GetType().IsGenericType ? task.GetType().GetProperty("Result")!.GetValue(task) : null,
        };
        return new Outcome(result, null, null, task.Status);
    }

    /// <summary>Asserts both calls ended the same way: same value, or same exception type, parameter name and message.</summary>
    public static void AssertSame(Outcome expected, Outcome actual, string context)
    {
        if (expected.Error != actual.Error || expected.ParamName != actual.ParamName || expected.Status != actual.Status)
        {
            Assert.Fail($"{context}: MemoryStream gave {expected}, PooledMemoryStream gave {actual}.");
        }

        string? expectedMessage = expected.Message?.Replace(MemoryStreamLengthMessage, PooledLengthMessage, StringComparison.Ordinal);
        if (expectedMessage != actual.Message)
        {
            Assert.Fail($"{context}: MemoryStream's message was \"{expected.Message}\", PooledMemoryStream's \"{actual.Message}\".");
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

using System;
using System.Diagnostics.CodeAnalysis;
using System.IO;
using System.Runtime.CompilerServices;

namespace Eddy.Internal;

/// <summary>
/// Throws from one place so that callers' fast paths stay small enough to inline: a method that only
/// calls a <c>[DoesNotReturn]</c> helper carries no exception-construction code of its own.
/// </summary>
/// <remarks>
/// The helpers are deliberately not marked <see cref="MethodImplOptions.NoInlining"/>. The JIT never inlines a method
/// that only throws, but it has to look into the callee to find that out; once it has, it treats the call as a throw,
/// moves it out of the hot path and keeps no value alive across it. Marked NoInlining, a helper is never looked into,
/// so each call site stays an ordinary call that may return: values the caller still needs after it are spilled to
/// the stack and reloaded in the hot loop.
/// </remarks>
internal static class ThrowHelper
{
    [DoesNotReturn]
    public static void ThrowArgumentNullException(string paramName) =>
        throw new ArgumentNullException(paramName);

    [DoesNotReturn]
    public static void ThrowArgumentOutOfRangeException(string paramName) =>
        throw new ArgumentOutOfRangeException(paramName);

    [DoesNotReturn]
    public static void ThrowArgumentOutOfRangeException(string paramName, string message) =>
        throw new ArgumentOutOfRangeException(paramName, message);

    [DoesNotReturn]
    public static void ThrowArgumentOutOfRangeException(string paramName, object? actualValue, string message) =>
        throw new ArgumentOutOfRangeException(paramName, actualValue, message);

    /// <summary>The message <see cref="ArgumentOutOfRangeException"/> carries for a negative count or size.</summary>
    [DoesNotReturn]
    public static void ThrowArgumentOutOfRangeException_NeedNonNegative(string paramName, long actualValue) =>
        throw new ArgumentOutOfRangeException(paramName, actualValue, $"'{paramName}' must be a non-negative value, but was {actualValue}.");

    [DoesNotReturn]
    public static void ThrowArgumentException(string message, string? paramName = null) =>
        throw new ArgumentException(message, paramName);

    /// <summary>The BCL's message for an (offset, count) pair that does not fit the array.</summary>
    [DoesNotReturn]
    public static void ThrowArgumentException_InvalidOffsetLength() =>
        throw new ArgumentException("Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");

    [DoesNotReturn]
    public static void ThrowIndexOutOfRangeException() =>
        throw new IndexOutOfRangeException();

    [DoesNotReturn]
    public static void ThrowInvalidOperationException(string message) =>
        throw new InvalidOperationException(message);

    /// <summary>A pool's double-return check found <paramref name="what"/> already in the pool.</summary>
    [DoesNotReturn]
    public static void ThrowInvalidOperationException_ReturnedTwice(string what) =>
        throw new InvalidOperationException($"{what} was returned to the pool twice: it is already in the pool.");

    /// <summary>A fixed-length pool was given an array of another length.</summary>
    [DoesNotReturn]
    public static void ThrowArgumentException_WrongArrayLength(int actualLength, int expectedLength, string paramName) =>
        throw new ArgumentException($"The array's length is {actualLength} but this pool holds arrays of exactly {expectedLength} elements.", paramName);

    [DoesNotReturn]
    public static void ThrowObjectDisposedException(string? objectName) =>
        throw new ObjectDisposedException(objectName);

    [DoesNotReturn]
    public static void ThrowObjectDisposedException(string? objectName, string message) =>
        throw new ObjectDisposedException(objectName, message);

    [DoesNotReturn]
    public static void ThrowNotSupportedException(string message) =>
        throw new NotSupportedException(message);

    [DoesNotReturn]
    public static void ThrowEndOfStreamException(string message) =>
        throw new EndOfStreamException(message);

    [DoesNotReturn]
    public static void ThrowInvalidDataException(string message) =>
        throw new InvalidDataException(message);

    [DoesNotReturn]
    public static void ThrowIOException(string message) =>
        throw new IOException(message);

    /// <summary>Throws <see cref="ArgumentNullException"/> when <paramref name="value"/> is null.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void ThrowIfNull([NotNull] object? value, [CallerArgumentExpression(nameof(value))] string paramName = "")
    {
        if (value is null)
        {
            ThrowArgumentNullException(paramName);
        }
    }

    /// <summary>Throws <see cref="ArgumentOutOfRangeException"/> when <paramref name="value"/> is negative.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void ThrowIfNegative(long value, [CallerArgumentExpression(nameof(value))] string paramName = "")
    {
        if (value < 0)
        {
            ThrowArgumentOutOfRangeException_NeedNonNegative(paramName, value);
        }
    }

    /// <summary>A read of <paramref name="requested"/> bytes at <paramref name="position"/> found only <paramref name="remaining"/>.</summary>
    [DoesNotReturn]
    public static void ThrowEndOfStreamException_Read(long position, long requested, long remaining) =>
        throw new EndOfStreamException($"Cannot read {requested} byte(s) at position {position}: only {remaining} byte(s) remain.");

    /// <summary>Malformed input found at <paramref name="position"/>.</summary>
    [DoesNotReturn]
    public static void ThrowInvalidDataException_At(long position, string problem) =>
        throw new InvalidDataException($"Invalid data at position {position}: {problem}");
}

using System;
using System.Diagnostics.CodeAnalysis;
using System.IO;
using System.Runtime.CompilerServices;

namespace Eddy.Internal;

/// <summary>
/// Throws from one place so that callers' fast paths stay small enough to inline: a method that only
/// calls a <c>[DoesNotReturn]</c>, non-inlined helper carries no exception-construction code of its own.
/// </summary>
/// <remarks>
/// <see cref="ThrowArgumentException_WrongArrayLength"/> is not marked NoInlining. The JIT never inlines a method that
/// only throws, but it has to look into the callee to learn that; once it has, it treats the call as a throw and keeps
/// nothing alive across it. Behind a NoInlining helper the fixed pools' Return kept a pool field alive across the
/// length check's call, stored it to the stack and read it back on every pair. Opening every helper that way made
/// the smallest streams slower instead, so the others stay NoInlining. docs/design.md ("Throw helpers") has both
/// measurements.
/// </remarks>
internal static class ThrowHelper
{
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowArgumentNullException(string paramName) =>
        throw new ArgumentNullException(paramName);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowArgumentOutOfRangeException(string paramName) =>
        throw new ArgumentOutOfRangeException(paramName);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowArgumentOutOfRangeException(string paramName, string message) =>
        throw new ArgumentOutOfRangeException(paramName, message);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowArgumentOutOfRangeException(string paramName, object? actualValue, string message) =>
        throw new ArgumentOutOfRangeException(paramName, actualValue, message);

    /// <summary>The message <see cref="System.IO.Stream"/>'s argument checks give a negative offset.</summary>
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowArgumentOutOfRangeException_NeedNonNegativeNumber(string paramName) =>
        throw new ArgumentOutOfRangeException(paramName, "Non-negative number required.");

    /// <summary>The message .NET's <c>ArgumentOutOfRangeException.ThrowIfNegative</c> gives a negative count or size.</summary>
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowArgumentOutOfRangeException_NeedNonNegative(string paramName, long actualValue) =>
        throw new ArgumentOutOfRangeException(paramName, actualValue, $"{paramName} ('{actualValue}') must be a non-negative value.");

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowArgumentException(string message, string? paramName = null) =>
        throw new ArgumentException(message, paramName);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowIndexOutOfRangeException() =>
        throw new IndexOutOfRangeException();

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowInvalidOperationException(string message) =>
        throw new InvalidOperationException(message);

    /// <summary>A pool's double-return check found <paramref name="what"/> already in the pool.</summary>
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowInvalidOperationException_ReturnedTwice(string what) =>
        throw new InvalidOperationException($"{what} was returned to the pool twice: it is already in the pool.");

    /// <summary>A fixed-length pool was given an array of another length.</summary>
    /// <remarks>Open to the JIT, unlike the others: see the class remarks.</remarks>
    [DoesNotReturn]
    public static void ThrowArgumentException_WrongArrayLength(int actualLength, int expectedLength, string paramName) =>
        throw new ArgumentException($"The array's length is {actualLength} but this pool holds arrays of exactly {expectedLength} elements.", paramName);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowObjectDisposedException(string? objectName) =>
        throw new ObjectDisposedException(objectName);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowObjectDisposedException(string? objectName, string message) =>
        throw new ObjectDisposedException(objectName, message);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowNotSupportedException(string message) =>
        throw new NotSupportedException(message);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowEndOfStreamException(string message) =>
        throw new EndOfStreamException(message);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowInvalidDataException(string message) =>
        throw new InvalidDataException(message);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowIOException(string message) =>
        throw new IOException(message);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowIOException(string message, Exception innerException) =>
        throw new IOException(message, innerException);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowDirectoryNotFoundException(string message, Exception innerException) =>
        throw new DirectoryNotFoundException(message, innerException);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowUnauthorizedAccessException(string message, Exception innerException) =>
        throw new UnauthorizedAccessException(message, innerException);

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
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowEndOfStreamException_Read(long position, long requested, long remaining) =>
        throw new EndOfStreamException($"Cannot read {requested} byte(s) at position {position}: only {remaining} byte(s) remain.");

    /// <summary>Malformed input found at <paramref name="position"/>.</summary>
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowInvalidDataException_At(long position, string problem) =>
        throw new InvalidDataException($"Invalid data at position {position}: {problem}");
}

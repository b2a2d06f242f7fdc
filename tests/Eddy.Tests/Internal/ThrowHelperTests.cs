using System;
using System.IO;
using Eddy.Internal;

namespace Eddy.Tests.Internal;

public class ThrowHelperTests
{
    [Fact]
    public void ThrowIfNull_names_the_argument_expression()
    {
        string? text = null;
        var ex = Assert.Throws<ArgumentNullException>(() => ThrowHelper.ThrowIfNull(text));
        Assert.Equal("text", ex.ParamName);
    }

    [Fact]
    public void ThrowIfNull_passes_non_null_values() => ThrowHelper.ThrowIfNull("x");

    [Fact]
    public void ThrowIfNegative_names_the_argument_and_value()
    {
        int size = -3;
        var ex = Assert.Throws<ArgumentOutOfRangeException>(() => ThrowHelper.ThrowIfNegative(size));
        Assert.Equal("size", ex.ParamName);
        Assert.Equal(-3L, ex.ActualValue);
        Assert.Contains("non-negative", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(long.MaxValue)]
    public void ThrowIfNegative_passes_non_negative_values(long value) => ThrowHelper.ThrowIfNegative(value);

    [Fact]
    public void Each_helper_throws_its_exception_type()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => ThrowHelper.ThrowArgumentOutOfRangeException("p"));
        Assert.Equal("p", Assert.Throws<ArgumentException>(() => ThrowHelper.ThrowArgumentException("m", "p")).ParamName);
        Assert.Equal("m", Assert.Throws<InvalidOperationException>(() => ThrowHelper.ThrowInvalidOperationException("m")).Message);
        Assert.Equal("Obj", Assert.Throws<ObjectDisposedException>(() => ThrowHelper.ThrowObjectDisposedException("Obj")).ObjectName);
        Assert.Throws<NotSupportedException>(() => ThrowHelper.ThrowNotSupportedException("m"));
        Assert.Throws<EndOfStreamException>(() => ThrowHelper.ThrowEndOfStreamException("m"));
        Assert.Throws<InvalidDataException>(() => ThrowHelper.ThrowInvalidDataException("m"));
        Assert.Throws<IOException>(() => ThrowHelper.ThrowIOException("m"));
    }
}

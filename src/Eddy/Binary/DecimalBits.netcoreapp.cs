using System;

namespace Eddy.Binary;

/// <content>Reading a decimal's parts into a stack buffer.</content>
internal readonly partial struct DecimalBits
{
    public static DecimalBits From(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        return new DecimalBits(bits[0], bits[1], bits[2], bits[3]);
    }
}

namespace Eddy.Binary;

/// <content>Reading a decimal's parts; netstandard2.1 has no span overload of <see cref="decimal.GetBits(decimal)"/>, so this allocates.</content>
internal readonly partial struct DecimalBits
{
    public static DecimalBits From(decimal value)
    {
        int[] bits = decimal.GetBits(value);
        return new DecimalBits(bits[0], bits[1], bits[2], bits[3]);
    }
}

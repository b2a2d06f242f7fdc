using System;
using System.Linq;
using Eddy.Tests.Binary.Infrastructure;
using FsCheck;
using FsCheck.Fluent;

namespace Eddy.Tests.Binary;

/// <summary>Property tests: Eddy writes BinaryWriter's bytes and reads them back, across chunk boundaries, for every type.</summary>
public class BinaryCompatibilityTests
{
    private static readonly Config s_config = Config.QuickThrowOnFailure.WithMaxTest(60);

    /// <summary>Pieces that exercise every UTF-8 length, surrogate pairs, unpaired surrogates and long runs.</summary>
    private static readonly string[] s_stringPieces =
    {
        string.Empty, "a", "temperature", "é", "ß", "€", "中", "😀", "𝄞", "\uD83D", "\uDE00", "\0", new string('x', 50), new string('ü', 130),
    };

    [Fact]
    public void Boolean() => Check<bool>(Codecs.Boolean);

    [Fact]
    public void Byte() => Check<byte>(Codecs.Byte);

    [Fact]
    public void SByte() => Check<sbyte>(Codecs.SByte);

    [Fact]
    public void Int16() => Check<short>(Codecs.Int16);

    [Fact]
    public void UInt16() => Check<ushort>(Codecs.UInt16);

    [Fact]
    public void Int32() => Check<int>(Codecs.Int32);

    [Fact]
    public void UInt32() => Check<uint>(Codecs.UInt32);

    [Fact]
    public void Int64() => Check<long>(Codecs.Int64);

    [Fact]
    public void UInt64() => Check<ulong>(Codecs.UInt64);

#if !EDDY_NETSTANDARD
    [Fact]
    public void Half() =>
        Prop.ForAll(ArbMap.Default.ArbFor<ushort[]>(), bits => Codecs.Half.AssertCompatible(bits.Select(BitConverter.UInt16BitsToHalf).ToArray(), bits.Length))
            .Check(s_config);
#endif

    [Fact]
    public void Single() => Check<float>(Codecs.Single);

    [Fact]
    public void Double() => Check<double>(Codecs.Double);

    [Fact]
    public void Decimal() => Check<decimal>(Codecs.Decimal);

    [Fact]
    public void Decimal_keeps_scale_and_sign_of_zero_and_extremes() =>
        Codecs.Decimal.AssertCompatible(new[] { 0m, -0m, 1.000m, decimal.MaxValue, decimal.MinValue, 0.0000000000000000000000000001m, -1.5m });

    [Fact]
    public void Char_outside_the_surrogate_range() =>
        Prop.ForAll(ArbMap.Default.ArbFor<char[]>(), chars => Codecs.Char.AssertCompatible(chars.Where(c => !char.IsSurrogate(c)).ToArray(), chars.Length))
            .Check(s_config);

    [Fact]
    public void Char_every_one_and_two_and_three_byte_boundary() =>
        Codecs.Char.AssertCompatible(new[] { '\0', '\x7F', '\x80', '\u07FF', '\u0800', '\uD7FF', '\uE000', '\uFFFD', '\uFFFF' });

    [Fact]
    public void String_from_arbitrary_text() =>
        Prop.ForAll(ArbMap.Default.ArbFor<string[]>(), strings => Codecs.String.AssertCompatible(strings.Select(s => s ?? string.Empty).ToArray(), strings.Length))
            .Check(s_config);

    [Fact]
    public void String_with_surrogate_pairs_unpaired_surrogates_and_empty_strings()
    {
        Gen<string> pieces = Gen.Elements(s_stringPieces).ListOf().Select(list => string.Concat(list));
        Prop.ForAll(pieces.ArrayOf().ToArbitrary(), strings => Codecs.String.AssertCompatible(strings, strings.Length))
            .Check(s_config);
    }

    [Fact]
    public void String_longer_than_the_stack_and_segment_limits() =>
        Codecs.String.AssertCompatible(new[] { new string('€', 5000), string.Concat(Enumerable.Repeat("😀a", 3000)), string.Empty });

    [Fact]
    public void Bytes_with_length_prefix() => Check<byte[]>(Codecs.Bytes);

    [Fact]
    public void SevenBitEncodedInt32() => Check<int>(Codecs.SevenBitInt32);

    [Fact]
    public void SevenBitEncodedInt64() => Check<long>(Codecs.SevenBitInt64);

    [Fact]
    public void SevenBitEncoded_extremes() =>
        Codecs.SevenBitInt32.AssertCompatible(new[] { 0, 127, 128, 16383, 16384, int.MaxValue, -1, int.MinValue });

    [Fact]
    public void Generic_Write_and_Read_agree_with_the_overloads()
    {
        Check<long>(Codecs.Generic(Codecs.Int64));
        Check<double>(Codecs.Generic(Codecs.Double));
        Check<bool>(Codecs.Generic(Codecs.Boolean));
        Check<decimal>(Codecs.Generic(Codecs.Decimal));
        Prop.ForAll(ArbMap.Default.ArbFor<char[]>(), chars => Codecs.Generic(Codecs.Char).AssertCompatible(chars.Where(c => !char.IsSurrogate(c)).ToArray(), chars.Length))
            .Check(s_config);
    }

    private static void Check<T>(Codec<T> codec) =>
        Prop.ForAll(ArbMap.Default.ArbFor<T[]>(), values => codec.AssertCompatible(values.Where(v => v is not null).ToArray(), values.Length))
            .Check(s_config);
}

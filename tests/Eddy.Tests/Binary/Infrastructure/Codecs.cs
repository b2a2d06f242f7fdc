using System;
using Eddy.Binary;

namespace Eddy.Tests.Binary.Infrastructure;

/// <summary>One <see cref="Codec{T}"/> per type BinaryWriter supports; the method column uses <c>Write</c>, the chain column <c>&lt;&lt;</c>.</summary>
internal static class Codecs
{
    public static readonly Codec<bool> Boolean = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadBoolean(), b => b.ReadBoolean());
    public static readonly Codec<byte> Byte = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadByte(), b => b.ReadByte());
    public static readonly Codec<sbyte> SByte = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadSByte(), b => b.ReadSByte());
    public static readonly Codec<short> Int16 = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadInt16(), b => b.ReadInt16());
    public static readonly Codec<ushort> UInt16 = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadUInt16(), b => b.ReadUInt16());
    public static readonly Codec<int> Int32 = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadInt32(), b => b.ReadInt32());
    public static readonly Codec<uint> UInt32 = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadUInt32(), b => b.ReadUInt32());
    public static readonly Codec<long> Int64 = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadInt64(), b => b.ReadInt64());
    public static readonly Codec<ulong> UInt64 = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadUInt64(), b => b.ReadUInt64());
#if !EDDY_NETSTANDARD
    public static readonly Codec<Half> Half = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadHalf(), b => b.ReadHalf());
#endif
    public static readonly Codec<float> Single = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadSingle(), b => b.ReadSingle());
    public static readonly Codec<double> Double = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadDouble(), b => b.ReadDouble());
    public static readonly Codec<decimal> Decimal = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadDecimal(), b => b.ReadDecimal());
    public static readonly Codec<char> Char = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadChar(), b => b.ReadChar());
    public static readonly Codec<string> String = new((w, v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadString(), b => b.ReadString());

    /// <summary>Byte arrays: ours carry a 7-bit length; BinaryWriter.Write(byte[]) does not, so the BCL side writes the length itself.</summary>
    public static readonly Codec<byte[]> Bytes = new(
        (w, v) => w.WriteBytes(v),
        (c, v) => c << v,
        (b, v) =>
        {
            b.Write7BitEncodedInt(v.Length);
            b.Write(v);
        },
        (ref BinarySequenceReader r) => r.ReadBytes(),
        b => b.ReadBytes(b.Read7BitEncodedInt()));

    public static readonly Codec<int> SevenBitInt32 = new((w, v) => w.Write7BitEncodedInt(v), Chained<int>((w, v) => w.Write7BitEncodedInt(v)), (b, v) => b.Write7BitEncodedInt(v), (ref BinarySequenceReader r) => r.Read7BitEncodedInt(), b => b.Read7BitEncodedInt());
    public static readonly Codec<long> SevenBitInt64 = new((w, v) => w.Write7BitEncodedInt64(v), Chained<long>((w, v) => w.Write7BitEncodedInt64(v)), (b, v) => b.Write7BitEncodedInt64(v), (ref BinarySequenceReader r) => r.Read7BitEncodedInt64(), b => b.Read7BitEncodedInt64());

    /// <summary>The generic forms must agree with the overloads.</summary>
    public static Codec<T> Generic<T>(Codec<T> overloads)
        where T : unmanaged =>
        new((w, v) => w.Write(v), Chained<T>((w, v) => w.Write(v)), overloads.TheirWrite, (ref BinarySequenceReader r) => r.Read<T>(), overloads.TheirRead);

    /// <summary>A chain column for a method that has no operator: it calls the method and returns the writer.</summary>
    private static Func<BinaryBufferWriter, T, BinaryBufferWriter> Chained<T>(Action<BinaryBufferWriter, T> write) =>
        (writer, value) =>
        {
            write(writer, value);
            return writer;
        };
}

using System;
using Eddy.Binary;

namespace Eddy.Tests.Binary.Infrastructure;

/// <summary>One <see cref="Codec{T}"/> per type BinaryWriter supports; the chain column uses <c>&lt;&lt;</c>.</summary>
internal static class Codecs
{
    public static readonly Codec<bool> Boolean = new((ref BinaryBufferWriter w, bool v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadBoolean(), b => b.ReadBoolean());
    public static readonly Codec<byte> Byte = new((ref BinaryBufferWriter w, byte v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadByte(), b => b.ReadByte());
    public static readonly Codec<sbyte> SByte = new((ref BinaryBufferWriter w, sbyte v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadSByte(), b => b.ReadSByte());
    public static readonly Codec<short> Int16 = new((ref BinaryBufferWriter w, short v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadInt16(), b => b.ReadInt16());
    public static readonly Codec<ushort> UInt16 = new((ref BinaryBufferWriter w, ushort v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadUInt16(), b => b.ReadUInt16());
    public static readonly Codec<int> Int32 = new((ref BinaryBufferWriter w, int v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadInt32(), b => b.ReadInt32());
    public static readonly Codec<uint> UInt32 = new((ref BinaryBufferWriter w, uint v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadUInt32(), b => b.ReadUInt32());
    public static readonly Codec<long> Int64 = new((ref BinaryBufferWriter w, long v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadInt64(), b => b.ReadInt64());
    public static readonly Codec<ulong> UInt64 = new((ref BinaryBufferWriter w, ulong v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadUInt64(), b => b.ReadUInt64());
#if !EDDY_NETSTANDARD
    public static readonly Codec<Half> Half = new((ref BinaryBufferWriter w, Half v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadHalf(), b => b.ReadHalf());
#endif
    public static readonly Codec<float> Single = new((ref BinaryBufferWriter w, float v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadSingle(), b => b.ReadSingle());
    public static readonly Codec<double> Double = new((ref BinaryBufferWriter w, double v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadDouble(), b => b.ReadDouble());
    public static readonly Codec<decimal> Decimal = new((ref BinaryBufferWriter w, decimal v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadDecimal(), b => b.ReadDecimal());
    public static readonly Codec<char> Char = new((ref BinaryBufferWriter w, char v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadChar(), b => b.ReadChar());
    public static readonly Codec<string> String = new((ref BinaryBufferWriter w, string v) => w.Write(v), (c, v) => c << v, (b, v) => b.Write(v), (ref BinarySequenceReader r) => r.ReadString(), b => b.ReadString());

    /// <summary>Byte arrays: ours carry a 7-bit length; BinaryWriter.Write(byte[]) does not, so the BCL side writes the length itself.</summary>
    public static readonly Codec<byte[]> Bytes = new(
        (ref BinaryBufferWriter w, byte[] v) => w.WriteBytes(v),
        (c, v) => c << v,
        (b, v) =>
        {
            b.Write7BitEncodedInt(v.Length);
            b.Write(v);
        },
        (ref BinarySequenceReader r) => r.ReadBytes(),
        b => b.ReadBytes(b.Read7BitEncodedInt()));

    public static readonly Codec<int> SevenBitInt32 = new((ref BinaryBufferWriter w, int v) => w.Write7BitEncodedInt(v), (c, v) => c.Write7BitEncodedInt(v), (b, v) => b.Write7BitEncodedInt(v), (ref BinarySequenceReader r) => r.Read7BitEncodedInt(), b => b.Read7BitEncodedInt());
    public static readonly Codec<long> SevenBitInt64 = new((ref BinaryBufferWriter w, long v) => w.Write7BitEncodedInt64(v), (c, v) => c.Write7BitEncodedInt64(v), (b, v) => b.Write7BitEncodedInt64(v), (ref BinarySequenceReader r) => r.Read7BitEncodedInt64(), b => b.Read7BitEncodedInt64());

    /// <summary>The generic forms must agree with the overloads.</summary>
    public static Codec<T> Generic<T>(Codec<T> overloads)
        where T : unmanaged =>
        new((ref BinaryBufferWriter w, T v) => w.Write(v), (c, v) => c.Write(v), overloads.TheirWrite, (ref BinarySequenceReader r) => r.Read<T>(), overloads.TheirRead);
}

using System;
using System.IO;
using System.Text;

namespace Eddy.Tests.Binary.Infrastructure;

/// <summary>One record of every operand type, as System.IO.BinaryWriter writes it: the reference bytes.</summary>
internal static class MixedRecord
{
#if EDDY_NETSTANDARD
    /// <summary>Eddy's netstandard2.1 build has no <c>Half</c> overloads: these are the same two bytes, the bits of 9.5.</summary>
    public const ushort Half = 0x48C0;
#else
    /// <summary>The record's half-precision value.</summary>
    public static readonly Half Half = (Half)9.5f;
#endif

    /// <summary>BinaryWriter's bytes for the record the chain-writer and operator tests write.</summary>
    public static byte[] BinaryWriterBytes()
    {
        var stream = new MemoryStream();
        using (var bcl = new BinaryWriter(stream, Encoding.UTF8, leaveOpen: true))
        {
            bcl.Write(true);
            bcl.Write((byte)1);
            bcl.Write((sbyte)-2);
            bcl.Write((short)-3);
            bcl.Write((ushort)4);
            bcl.Write(-5);
            bcl.Write(6u);
            bcl.Write(-7L);
            bcl.Write(8UL);
            bcl.Write((Half)9.5f);
            bcl.Write(10.25f);
            bcl.Write(11.125);
            bcl.Write(12.5m);
            bcl.Write('€');
            bcl.Write("😀 ok");
            bcl.Write7BitEncodedInt(3);
            bcl.Write(new byte[] { 13, 14, 15 });
        }

        return stream.ToArray();
    }
}

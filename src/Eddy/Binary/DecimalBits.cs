using System;
using System.Runtime.InteropServices;

namespace Eddy.Binary;

/// <summary>
/// The four 32-bit parts of a <see cref="decimal"/> in the order <see cref="System.IO.BinaryWriter"/> stores
/// them; laid out as those sixteen bytes, so it is read and written as one unmanaged value.
/// </summary>
[StructLayout(LayoutKind.Sequential)]
internal readonly partial struct DecimalBits
{
    /// <summary>The flag bits that may be set: the sign (bit 31) and the scale (bits 16 to 23).</summary>
    private const int ValidFlagsMask = unchecked((int)0x80FF0000);

    private const int MaxScale = 28;

    public DecimalBits(int low, int middle, int high, int flags)
    {
        Low = low;
        Middle = middle;
        High = high;
        Flags = flags;
    }

    public int Low { get; }

    public int Middle { get; }

    public int High { get; }

    public int Flags { get; }

    /// <summary>Whether <see cref="ToDecimal"/> would accept these bits.</summary>
    public bool IsValid => (Flags & ~ValidFlagsMask) == 0 && ((Flags >> 16) & 0xFF) <= MaxScale;

    /// <summary>Swaps each part between native and little-endian order (a no-op on little-endian machines).</summary>
    public DecimalBits Normalize() =>
        new(LittleEndian.Normalize(Low), LittleEndian.Normalize(Middle), LittleEndian.Normalize(High), LittleEndian.Normalize(Flags));

    /// <summary>The decimal these bits describe; check <see cref="IsValid"/> first.</summary>
    public decimal ToDecimal() => new(Low, Middle, High, Flags < 0, (byte)((Flags >> 16) & 0xFF));
}

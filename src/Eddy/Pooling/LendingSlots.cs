using System.Runtime.CompilerServices;
using System.Threading;

namespace Eddy.Pooling;

/// <summary>
/// How the owner puts an array into a lending slot (<see cref="LendingSlot{T}"/> and its kin) and how another thread
/// reads one: the owner stores the array before it clears the flag, the reader reads the flag before the array.
/// </summary>
internal static class LendingSlots
{
    /// <summary>
    /// Whether the slot holds an array it has not lent: any array, or only <paramref name="only"/>. The flag is read
    /// before the array: an owner that puts a new array in place of a lent one stores the array, then clears the flag,
    /// so the other order could pair the lent array with the cleared flag and report an array that its renter is
    /// returning as held there (a false double return).
    /// </summary>
    public static bool Holds<T>(ref bool lent, ref T[]? array, T[]? only) =>
        !Volatile.Read(ref lent) && Volatile.Read(ref array) is { } held && (only is null || ReferenceEquals(held, only));

    /// <summary>
    /// The owner's store of <paramref name="newArray"/> into its slot, in place of an array it lent or of none: the
    /// array first, then the flag cleared with release semantics, so that a thread that sees the flag cleared (in
    /// <see cref="Holds{T}"/>) sees this array and not the lent one.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Hold<T>(ref bool lent, ref T[]? array, T[] newArray)
    {
        array = newArray;
        Volatile.Write(ref lent, false);
    }
}

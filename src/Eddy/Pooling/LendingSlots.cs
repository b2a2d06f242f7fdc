using System.Threading;

namespace Eddy.Pooling;

/// <summary>How a thread other than the owner reads a lending slot (<see cref="LendingSlot{T}"/> and its kin).</summary>
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
}

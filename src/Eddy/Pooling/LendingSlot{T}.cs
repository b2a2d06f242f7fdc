namespace Eddy.Pooling;

/// <summary>
/// One thread's slot of a typed pool: an array held for that thread, which renting lends instead of removing.
/// </summary>
/// <remarks>
/// Renting sets <see cref="Lent"/> and keeps the reference; returning that same array clears the flag. So the
/// common pair (Rent, then Return of that array on that thread) stores no reference and pays no GC write barrier.
/// A lent array counts as out of the pool: a slot holds its array only while <see cref="Lent"/> is false. Only the
/// owning thread lends and takes back; other threads only read, or drop the array (Trim).
/// </remarks>
internal struct LendingSlot<T>
{
    /// <summary>The slot's array, or null.</summary>
    public T[]? Array;

    /// <summary>True while <see cref="Array"/> is out with a renter: the slot then holds nothing.</summary>
    public bool Lent;

    /// <summary>Rents from this slot and arrays put into it (wrapping), written by the owning thread only: the trimmer's sign of life.</summary>
    public int Uses;

    /// <summary>Trimmer-only: <see cref="Uses"/> at the last trimming pass.</summary>
    public int UsesAtLastTrim;

    /// <summary>Trimmer-only: the tick count since which <see cref="Uses"/> has not moved.</summary>
    public int IdleSinceTick;
}

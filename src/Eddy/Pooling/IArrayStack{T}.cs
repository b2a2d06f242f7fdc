namespace Eddy.Pooling;

/// <summary>
/// What the pools need of a stack of arrays, so that one generic path serves <see cref="ArrayStack{T}"/>
/// and <see cref="LockedArrayStack{T}"/>. Implemented by structs only: the JIT then compiles a copy of each
/// generic caller per stack type, with direct, inlinable calls.
/// </summary>
internal interface IArrayStack<T>
{
    int Count { get; }

    int MaximumCount { get; }

    T[]? TryPop();

    /// <summary>Pops, or lends a front array that <see cref="TryTakeBack"/> takes back (see <see cref="ArrayStack{T}"/>).</summary>
    T[]? TryLend();

    /// <summary>True when <paramref name="array"/> was lent by <see cref="TryLend"/> and is now held again.</summary>
    bool TryTakeBack(T[] array);

    bool TryPush(T[] array);

    bool Contains(T[] array);
}

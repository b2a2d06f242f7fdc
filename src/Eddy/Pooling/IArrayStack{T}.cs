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

    bool TryPush(T[] array);

    bool Contains(T[] array);
}

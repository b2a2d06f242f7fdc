namespace Eddy.Pooling;

/// <summary>
/// An array reference wrapped in a struct: stores into an <c>ArraySlot&lt;T&gt;[]</c> are plain write-barriered
/// moves, where stores into a <c>T[][]</c> would pay the array-covariance type check.
/// </summary>
internal struct ArraySlot<T>
{
    public T[]? Array;
}

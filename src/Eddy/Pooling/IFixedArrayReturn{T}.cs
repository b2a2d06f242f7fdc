namespace Eddy.Pooling;

/// <summary>Where a <see cref="FixedArrayLease{T}"/> gives its array back: any of the fixed-length pools.</summary>
internal interface IFixedArrayReturn<T>
{
    void Return(T[] array);
}

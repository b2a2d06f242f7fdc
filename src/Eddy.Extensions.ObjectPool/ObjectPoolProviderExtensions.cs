using System.Buffers;
using Eddy.Buffers;
using Microsoft.Extensions.ObjectPool;

namespace Eddy.Extensions.ObjectPool;

/// <summary>
/// Creates object pools of Eddy's buffer writers with the policies of this package. With
/// <see cref="DefaultObjectPoolProvider"/> the pools dispose every object they drop (Eddy's types are
/// <see cref="System.IDisposable"/>), so dropped objects give their arrays back too. Streams are pooled by
/// <see cref="PooledMemoryStreamPool"/>; <see cref="PooledMemoryStreamObjectPool"/> shows one as an object pool.
/// </summary>
public static class ObjectPoolProviderExtensions
{
    /// <summary>Creates a pool of <see cref="PooledBufferWriter{T}"/> with <see cref="PooledBufferWriterPooledObjectPolicy{T}"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="provider">The provider, such as <see cref="DefaultObjectPoolProvider"/>.</param>
    /// <param name="pool">The array pool of every writer; null means Eddy's default pool.</param>
    /// <param name="initialCapacity">Elements each new writer rents up front; 0 rents on the first write.</param>
    /// <returns>The pool.</returns>
    public static ObjectPool<PooledBufferWriter<T>> CreatePooledBufferWriterPool<T>(this ObjectPoolProvider provider, ArrayPool<T>? pool = null, int initialCapacity = 0) =>
        provider.Create(new PooledBufferWriterPooledObjectPolicy<T>(pool, initialCapacity));

    /// <summary>Creates a pool of <see cref="SegmentedBuffer{T}"/> with <see cref="SegmentedBufferPooledObjectPolicy{T}"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="provider">The provider, such as <see cref="DefaultObjectPoolProvider"/>.</param>
    /// <param name="pool">The array pool of every buffer; null means Eddy's default pool.</param>
    /// <returns>The pool.</returns>
    public static ObjectPool<SegmentedBuffer<T>> CreateSegmentedBufferPool<T>(this ObjectPoolProvider provider, ArrayPool<T>? pool = null) =>
        provider.Create(new SegmentedBufferPooledObjectPolicy<T>(pool));
}

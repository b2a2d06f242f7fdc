using System.Buffers;

namespace Eddy.Pooling;

/// <summary>
/// The one place that decides which pool backs a buffer or stream when the caller names none, so that
/// every type in Eddy draws from the same pool per element type.
/// </summary>
/// <typeparam name="T">The element type of the pooled arrays.</typeparam>
/// <remarks>
/// Bytes come from <see cref="BlockPool.Shared"/> (thread-local tier, byte cap, trimming, double-return
/// detection). Other element types stay on <see cref="ArrayPool{T}.Shared"/>, which pools arrays up to 2^30
/// elements where <see cref="EddyArrayPool{T}.Shared"/> stops at 2^20, so a large buffer of another type stays
/// pooled (see docs/pools.md).
/// </remarks>
internal static class DefaultPool<T>
{
    private static readonly ArrayPool<T> s_instance =
        typeof(T) == typeof(byte) ? (ArrayPool<T>)(object)BlockPool.Shared : ArrayPool<T>.Shared;

    /// <summary>The pool used when a constructor's pool argument is null.</summary>
    public static ArrayPool<T> Instance => s_instance;
}

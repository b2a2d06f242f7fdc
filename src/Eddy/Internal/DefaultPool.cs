using System.Buffers;

namespace Eddy.Internal;

/// <summary>
/// The one place that decides which pool backs a buffer or stream when the caller names none, so that
/// every type in Eddy draws from the same pool per element type.
/// </summary>
/// <typeparam name="T">The element type of the pooled arrays.</typeparam>
internal static class DefaultPool<T>
{
    /// <summary>The pool used when a constructor's pool argument is null.</summary>
    public static ArrayPool<T> Instance => ArrayPool<T>.Shared;
}

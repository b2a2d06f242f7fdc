using System;

namespace Eddy.Internal;

/// <summary>What the debugger views of the buffers and streams share.</summary>
internal static class DebugViews
{
    /// <summary>The most elements a debugger view copies out, so that inspecting a huge buffer stays quick.</summary>
    public const int MaximumItems = 1024;

    /// <summary>A copy of the first <see cref="MaximumItems"/> elements of <paramref name="content"/>.</summary>
    public static T[] Head<T>(ReadOnlySpan<T> content) => content.Slice(0, Math.Min(content.Length, MaximumItems)).ToArray();
}

using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Eddy.Lifetime;

// netstandard2.1 cannot build a stack trace from frames, so the trimmed stack is captured again, skipping the
// frames counted: a second capture, paid only by sampled creations.
internal static partial class Rescues
{
    /// <summary>The stack of <see cref="CaptureCreationStack"/>'s caller without its first <paramref name="count"/> frames.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static StackTrace WithoutLeadingFrames(StackTrace stack, int count)
    {
        Debug.Assert(count < stack.FrameCount, "Some frame is outside Eddy.");

        // Called from CaptureCreationStack, so one frame deeper than its capture, which skipped its own frame:
        // skip this one and that one too.
        return new StackTrace(skipFrames: count + 2, fNeedFileInfo: false);
    }
}

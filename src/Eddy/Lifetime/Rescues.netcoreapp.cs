using System.Diagnostics;
using System.Linq;

namespace Eddy.Lifetime;

// .NET builds a stack trace from frames, so the trimmed stack reuses the captured frames.
internal static partial class Rescues
{
    /// <summary><paramref name="stack"/> without its first <paramref name="count"/> frames.</summary>
    private static StackTrace WithoutLeadingFrames(StackTrace stack, int count) =>
        new(stack.GetFrames().Skip(count));
}

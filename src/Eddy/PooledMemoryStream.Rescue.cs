using System.Runtime.CompilerServices;
using Eddy.Lifetime;

namespace Eddy;

// The leak path: the stream's rescue guard (see ArmSegments and ArmSampled) holds the stream itself, so that when
// a tracked stream is dropped undisposed, the guard's finalizer gives back whatever the stream holds then.
public sealed partial class PooledMemoryStream : IRescuable
{
    /// <summary>Whether a rescue guard is armed (tests: unsampled contiguous streams must never arm one).</summary>
    internal bool IsRescueArmed => RareOrNull?.RescueGuard is not null;

    /// <summary>
    /// Arms the guard of a contiguous stream whose first rent was sampled (see <see cref="RescueGuard.ShouldTrack"/>),
    /// with the creation stack: the side object it needs is allocated for sampled streams only.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ArmSampled()
    {
        RareFields rare = Rare;
        rare.RescueGuard ??= RescueGuard.Arm(this, this, Settings.ClearOnReturn, captureStack: true);
    }

    /// <summary>Disarms the guard, if any (once: the field is cleared first), before the stream's memory goes back.</summary>
    private void DisarmGuard()
    {
        if (RareOrNull is { } rare)
        {
            RescueGuard.DisarmAndClear(ref rare.RescueGuard);
        }
    }

    /// <summary>
    /// Returns the contiguous array and every chunk to the pool, once, after the stream was collected undisposed;
    /// runs on the finalizer thread, when nothing else can use the stream. Returns the number of bytes given back.
    /// Not rescued: the scratch array of a span handed out inside the content (short-lived, between GetSpan and
    /// Advance).
    /// </summary>
    long IRescuable.Rescue(bool clear)
    {
        long bytes = 0;
        byte[]? array = _array;
        _array = null;

        // A segmented stream's array is a chunk of its buffer (the write window), given back with the chunks.
        if (_kind == StreamKind.Contiguous && array is { Length: > 0 })
        {
            ReturnArray(array, clear);
            bytes = array.Length;
        }

        if (RareOrNull?.Segments is IRescuable segments)
        {
            bytes += segments.Rescue(clear);
        }

        _kind = StreamKind.Disposed;
        return bytes;
    }
}

using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;
using Eddy.Internal;

namespace Eddy.Pooling;

// The double-return check, the options' checks and the wording of lengths in messages.
public sealed partial class BlockPool
{
    /// <summary>The double-return check's slow path: the cookie matched, so look for the very block.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowIfPooled(byte[] array, int index)
    {
        bool found = false;
        LockedArrayStack<byte>[] stacks = _stacks[index];
        for (int j = 0; j < stacks.Length; j++)
        {
            found |= stacks[j].Contains(array);
        }

        if (!found)
        {
            lock (_cachesLock)
            {
                foreach (GCHandle reference in _caches)
                {
                    if (reference.Target is ThreadCache cache && cache.Holds(index, array))
                    {
                        found = true;
                        break;
                    }
                }
            }
        }

        if (found)
        {
            ThrowHelper.ThrowInvalidOperationException_ReturnedTwice($"A block of size class {index} ({FormatLength(array.Length)})");
        }
    }

    internal static string FormatLength(long length) =>
        length >= 1 << 20 && length % (1 << 20) == 0 ? $"{length >> 20} MiB"
        : length >= 1 << 10 && length % (1 << 10) == 0 ? $"{length >> 10} KiB"
        : $"{length} B";

    private static void ValidateOptions(BlockPoolOptions options)
    {
        int maximum = options.MaximumBlockLength;
        if (!SizeClass.IsPowerOfTwo(maximum) || maximum < BlockPoolOptions.DefaultMaximumBlockLength || maximum > SizeClass.MaxPowerOfTwo)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(BlockPoolOptions.MaximumBlockLength), maximum, "Must be a power of two from 1 MiB to 1 GiB.");
        }

        ThrowHelper.ThrowIfNegative(options.MaximumRetainedBytes, nameof(BlockPoolOptions.MaximumRetainedBytes));
        if (options.MaximumBlocksPerStack < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException_NeedNonNegative(nameof(BlockPoolOptions.MaximumBlocksPerStack), options.MaximumBlocksPerStack);
        }

        ThrowHelper.ThrowIfNegative(options.MaximumBytesPerStack, nameof(BlockPoolOptions.MaximumBytesPerStack));
        if (options.IdleTrimDelay < TimeSpan.Zero)
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(BlockPoolOptions.IdleTrimDelay), options.IdleTrimDelay, "Must not be negative.");
        }

        int pinned = options.PinnedHeapMinimumBlockLength;
        if (pinned != 0 && (!SizeClass.IsPowerOfTwo(pinned) || pinned < MinimumBlockLength))
        {
            ThrowHelper.ThrowArgumentOutOfRangeException(nameof(BlockPoolOptions.PinnedHeapMinimumBlockLength), pinned, "Must be 0 or a power of two of at least 256.");
        }
    }
}

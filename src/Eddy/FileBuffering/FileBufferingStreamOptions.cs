using System;
using System.IO;
using Eddy.Internal;

namespace Eddy.FileBuffering;

/// <summary>
/// Settings of a <see cref="FileBufferingStream"/>. Instances are immutable once built (<c>init</c> properties)
/// and may be shared by any number of streams and threads.
/// </summary>
/// <remarks>
/// Defaults:
/// <list type="table">
/// <item><term><see cref="MemoryThreshold"/></term><description>1 MiB</description></item>
/// <item><term><see cref="MaximumLength"/></term><description>32 MiB, the smallest power of two above the 30,000,000-byte request body limit Kestrel and IIS apply by default; <see cref="long.MaxValue"/> for no limit but the disk</description></item>
/// <item><term><see cref="TempDirectory"/></term><description>null: <see cref="System.IO.Path.GetTempPath"/> at the moment the file is created</description></item>
/// <item><term><see cref="FileBufferSize"/></term><description>64 KiB, below the large object heap's threshold</description></item>
/// <item><term><see cref="MemoryOptions"/></term><description>null: <see cref="PooledMemoryStreamOptions.Default"/> (Eddy's shared block pool)</description></item>
/// </list>
/// </remarks>
public sealed class FileBufferingStreamOptions
{
    /// <summary>The default <see cref="MemoryThreshold"/>: 1 MiB.</summary>
    internal const long DefaultMemoryThreshold = 1 << 20;

    /// <summary>The default <see cref="FileBufferSize"/>: 64 KiB, below the large object heap's threshold.</summary>
    internal const int DefaultFileBufferSize = 64 << 10;

    private readonly long _memoryThreshold = DefaultMemoryThreshold;
    private readonly long _maxLength = DefaultMaximumLength;
    private readonly int _fileBufferSize = DefaultFileBufferSize;
    private readonly string? _tempDirectory;

    /// <summary>
    /// The default <see cref="MaximumLength"/>: 32 MiB (33,554,432 bytes), the smallest power of two above the
    /// 30,000,000-byte request body limit Kestrel and IIS apply by default, so any body those servers accept fits.
    /// </summary>
    internal const long DefaultMaximumLength = 32L << 20;

    /// <summary>The options used when a stream is created without any: every property at its default.</summary>
    public static FileBufferingStreamOptions Default { get; } = new();

    /// <summary>
    /// The most bytes the stream keeps in pooled memory. A write or <see cref="System.IO.Stream.SetLength"/> that
    /// would make the stream longer moves the content into a temporary file first; 0 spills on the first byte.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative.</exception>
    public long MemoryThreshold
    {
        get => _memoryThreshold;
        init
        {
            ThrowHelper.ThrowIfNegative(value);
            _memoryThreshold = value;
        }
    }

    /// <summary>
    /// The longest the stream may grow, in memory and on disk together: 32 MiB
    /// unless set, so that a client cannot fill the disk through default options. A write or
    /// <see cref="System.IO.Stream.SetLength"/> that would pass it throws <see cref="System.IO.IOException"/> and changes
    /// nothing. <see cref="long.MaxValue"/> lifts the limit (the disk's free space is then the only bound).
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative.</exception>
    public long MaximumLength
    {
        get => _maxLength;
        init
        {
            ThrowHelper.ThrowIfNegative(value);
            _maxLength = value;
        }
    }

    /// <summary>Where the temporary file goes: an absolute path; null (default) means <see cref="System.IO.Path.GetTempPath"/>.</summary>
    /// <remarks>The path's form is checked here; the directory itself when the file is created, so a missing, read-only
    /// or unsuitable directory surfaces at the write that crosses <see cref="MemoryThreshold"/>, as that write's
    /// exception naming the directory, with the content still in memory.</remarks>
    /// <exception cref="ArgumentException">The value is empty, white space or a relative path (which would depend on the
    /// current directory).</exception>
    public string? TempDirectory
    {
        get => _tempDirectory;
        init
        {
            if (value is not null)
            {
                if (string.IsNullOrWhiteSpace(value))
                {
                    ThrowHelper.ThrowArgumentException("The temporary directory must be null (the system's temporary directory) or an absolute path, not empty.", nameof(value));
                }

                if (!Path.IsPathFullyQualified(value))
                {
                    ThrowHelper.ThrowArgumentException($"The temporary directory must be an absolute path; '{value}' is relative and would depend on the current directory.", nameof(value));
                }
            }

            _tempDirectory = value;
        }
    }

    /// <summary>
    /// Size of the pooled file buffer past the threshold: writes shorter than it are gathered in it and reach the file
    /// together, reads shorter than it are answered from one read-ahead of this size (see <see cref="FileBufferingStream"/>).
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is not positive.</exception>
    public int FileBufferSize
    {
        get => _fileBufferSize;
        init
        {
            if (value <= 0)
            {
                ThrowHelper.ThrowArgumentOutOfRangeException(nameof(value), value, "Positive number required.");
            }

            _fileBufferSize = value;
        }
    }

    /// <summary>How the bytes are kept while in memory (the pool, clearing on return); the file buffer comes from the same pool.</summary>
    public PooledMemoryStreamOptions? MemoryOptions { get; init; }

    /// <summary>
    /// How long a stream whose move to the file failed waits before it tries again: until then each write that needs
    /// the file fails at once with the first failure's cause, without copying the content out again. Tests shorten it.
    /// </summary>
    internal TimeSpan SpillRetryDelay { get; init; } = TimeSpan.FromSeconds(1);

    internal PooledMemoryStreamOptions EffectiveMemoryOptions => MemoryOptions ?? PooledMemoryStreamOptions.Default;
}

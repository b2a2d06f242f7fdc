using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Eddy.FileBuffering;
using Eddy.Tests.Streams.Infrastructure;
using Xunit.Abstractions;

namespace Eddy.Tests.Spilling;

/// <summary>
/// What a server needs of the spilling stream: a bounded default, a temporary directory checked for what it is, a
/// failed spill not redone at every write, and no file content left in the arrays it gives back when clearing is on.
/// </summary>
public sealed class FileBufferingStreamSafetyTests : IDisposable
{
    private const int Threshold = 16 * 1024;
    private readonly ITestOutputHelper _output;
    private readonly string _directory = Directory.CreateTempSubdirectory("eddy-safety-").FullName;

    public FileBufferingStreamSafetyTests(ITestOutputHelper output) => _output = output;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Fact]
    public void Default_options_stop_the_stream_at_DefaultMaximumLength()
    {
        using var stream = new FileBufferingStream(new FileBufferingStreamOptions { TempDirectory = _directory });
        long limit = FileBufferingStreamOptions.DefaultMaximumLength;
        IOException error = Assert.Throws<IOException>(() => stream.SetLength(limit + 1));
        Assert.Contains("MaximumLength", error.Message, StringComparison.Ordinal);
        Assert.False(stream.IsSpilled);

        stream.SetLength(limit); // exactly the limit is allowed (a sparse file)
        stream.Position = limit;
        Assert.Throws<IOException>(() => stream.WriteByte(1));
        Assert.Equal(limit, stream.Length);

        using var unbounded = new FileBufferingStream(new FileBufferingStreamOptions { TempDirectory = _directory, MaximumLength = long.MaxValue });
        unbounded.SetLength(limit + 1);
        Assert.Equal(limit + 1, unbounded.Length);
    }

    [Theory]
    [InlineData("")]
    [InlineData("   ")]
    [InlineData("relative")]
    [InlineData("relative/below")]
    [InlineData("./here")]
    public void TempDirectory_must_be_an_absolute_path(string directory)
    {
        ArgumentException error = Assert.Throws<ArgumentException>("value", () => new FileBufferingStreamOptions { TempDirectory = directory });
        _output.WriteLine(error.Message);
        Assert.Null(new FileBufferingStreamOptions { TempDirectory = null }.TempDirectory);
        Assert.Equal(_directory, new FileBufferingStreamOptions { TempDirectory = _directory }.TempDirectory);
    }

    [Fact]
    public async Task A_file_given_as_the_directory_fails_the_crossing_write_with_a_message_naming_it()
    {
        string file = Path.Combine(_directory, "a-file");
        await File.WriteAllTextAsync(file, "not a directory");
        IOException error = await AssertCrossingFails<IOException>(file);
        Assert.Contains($"'{file}'", error.Message, StringComparison.Ordinal);
        Assert.Contains("is a file, not a directory", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_missing_directory_fails_the_crossing_write_with_a_message_naming_it()
    {
        string missing = Path.Combine(_directory, "missing");
        DirectoryNotFoundException error = await AssertCrossingFails<DirectoryNotFoundException>(missing);
        Assert.Contains($"'{missing}'", error.Message, StringComparison.Ordinal);
        Assert.Contains("does not exist", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_directory_that_cannot_hold_files_fails_the_crossing_write_with_a_message_naming_it()
    {
        if (!OperatingSystem.IsLinux())
        {
            _output.WriteLine("no /proc here: not run");
            return;
        }

        // /proc exists and is a directory, but no file can be created in it (as root the system says the file is
        // not found; as another user that access is denied).
        Exception error = await AssertCrossingFails<Exception>("/proc");
        Assert.True(error is IOException or UnauthorizedAccessException, error.ToString());
        Assert.Contains("'/proc'", error.Message, StringComparison.Ordinal);
        Assert.NotNull(error.InnerException);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_failed_spill_is_not_redone_at_every_write_but_tried_again_after_the_delay(bool asynchronous)
    {
        string missing = Path.Combine(_directory, "later");
        var pool = new StreamTestPool();
        byte[] data = SpillingModel.Pattern(Threshold, seed: 11);
        await using var stream = new FileBufferingStream(Options(pool, missing, retryDelay: TimeSpan.FromMilliseconds(200)));
        await Write(stream, data, asynchronous);

        Exception first = await Assert.ThrowsAsync<DirectoryNotFoundException>(() => Write(stream, new byte[1], asynchronous).AsTask());
        for (int i = 0; i < 20; i++)
        {
            IOException again = await Assert.ThrowsAsync<IOException>(() => Write(stream, new byte[1], asynchronous).AsTask());
            Assert.Same(first, again.InnerException);
            Assert.Contains("tries again in", again.Message, StringComparison.Ordinal);
        }

        Assert.Throws<IOException>(() => stream.SetLength(Threshold + 1));
        Assert.Equal(1, stream.SpillAttempts); // before: each of the 22 calls copied the content out again
        Assert.False(stream.IsSpilled);
        Assert.Equal(data, stream.ToArray());

        // Under the threshold the stream carries on in memory meanwhile.
        stream.Position = 0;
        await Write(stream, data.AsMemory(0, 10), asynchronous);

        // Once the delay has passed, the next write that needs the file tries again, and now succeeds.
        Directory.CreateDirectory(missing);
        Thread.Sleep(300);
        stream.Position = Threshold;
        await Write(stream, new byte[] { 7 }, asynchronous);
        Assert.Equal(2, stream.SpillAttempts);
        Assert.True(stream.IsSpilled);
        Assert.Equal(Threshold + 1, stream.Length);
    }

    [Fact]
    public async Task A_cancelled_spill_is_not_held_against_the_next_write()
    {
        await using var stream = new FileBufferingStream(Options(new StreamTestPool(), _directory, retryDelay: TimeSpan.FromHours(1)));
        await stream.WriteAsync(SpillingModel.Pattern(Threshold, seed: 12));
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => stream.WriteAsync(new byte[1], cancelled.Token).AsTask());
        await stream.WriteAsync(new byte[1]);
        Assert.True(stream.IsSpilled);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task With_ClearOnReturn_the_file_buffer_and_copy_buffers_go_back_zeroed(bool clear)
    {
        var pool = new ZeroAuditPool();
        byte[] data = new byte[200 * 1024];
        data.AsSpan().Fill(0xAB);
        var options = new FileBufferingStreamOptions
        {
            MemoryThreshold = Threshold,
            MaximumLength = long.MaxValue,
            TempDirectory = _directory,
            FileBufferSize = 4096,
            MemoryOptions = new PooledMemoryStreamOptions { Pool = pool, ClearOnReturn = clear },
        };

        await using (var stream = new FileBufferingStream(options))
        {
            stream.Write(data, 0, Threshold);     // in pooled chunks first
            await stream.WriteAsync(data.AsMemory(Threshold));
            stream.Write(data, 0, 100);              // gathered in the file buffer
            await stream.WriteAsync(data.AsMemory(0, 100));
            stream.Position = 0;
            byte[] small = new byte[100];
            stream.ReadExactly(small);               // through the read-ahead
            await stream.ReadExactlyAsync(small);    // and asynchronously
            stream.Position = 5;
            stream.CopyTo(new MemoryStream(), 1000); // a pooled copy buffer of its own
            stream.Position = 7;
            await stream.CopyToAsync(new MemoryStream(), 70_000);
        }

        _output.WriteLine($"{pool.Returns} returns; non-zero bytes in returned arrays: {string.Join(", ", pool.Dirty)}");
        Assert.True(pool.Returns >= 4); // the chunks, the file buffer and both copy buffers
        if (clear)
        {
            Assert.Empty(pool.Dirty);
        }
        else
        {
            Assert.NotEmpty(pool.Dirty); // the audit sees content when clearing is off
        }
    }

    /// <summary>
    /// Fills the memory to the threshold, then writes one byte more into <paramref name="directory"/>: the write must
    /// throw <typeparamref name="TException"/> and leave every byte in memory.
    /// </summary>
    private async Task<TException> AssertCrossingFails<TException>(string directory)
        where TException : Exception
    {
        var pool = new StreamTestPool();
        byte[] data = SpillingModel.Pattern(Threshold, seed: 4);
        var stream = new FileBufferingStream(Options(pool, directory));
        stream.Write(data);
        TException error = Assert.IsAssignableFrom<TException>(Record.Exception(() => stream.WriteByte(1)));
        _output.WriteLine($"{error.GetType().Name}: {error.Message}");
        Assert.False(stream.IsSpilled);
        Assert.Equal(data, stream.ToArray());
        await stream.DisposeAsync();
        pool.AssertAllReturned();
        return error;
    }

    private static FileBufferingStreamOptions Options(StreamTestPool pool, string directory, TimeSpan? retryDelay = null) => new()
    {
        MemoryThreshold = Threshold,
        MaximumLength = long.MaxValue,
        TempDirectory = directory,
        FileBufferSize = 4096,
        MemoryOptions = new PooledMemoryStreamOptions { Pool = pool },
        SpillRetryDelay = retryDelay ?? TimeSpan.FromSeconds(1),
    };

    private static ValueTask Write(Stream stream, ReadOnlyMemory<byte> data, bool asynchronous)
    {
        if (asynchronous)
        {
            return stream.WriteAsync(data);
        }

        stream.Write(data.Span);
        return default;
    }

    /// <summary>
    /// Hands out zeroed arrays and records, for every array given back without asking the pool to clear it, how many
    /// of its bytes are not zero: any such byte is data left for the pool's next user.
    /// </summary>
    private sealed class ZeroAuditPool : ArrayPool<byte>
    {
        private readonly object _gate = new();

        public List<int> Dirty { get; } = new();

        public int Returns { get; private set; }

        public override byte[] Rent(int minimumLength) => new byte[minimumLength];

        public override void Return(byte[] array, bool clearArray = false)
        {
            lock (_gate)
            {
                Returns++;
                int dirty = clearArray ? 0 : array.Length - array.AsSpan().Count((byte)0);
                if (dirty > 0)
                {
                    Dirty.Add(dirty);
                }
            }
        }
    }
}

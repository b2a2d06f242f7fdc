using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Eddy.FileBuffering;
using Eddy.Tests.Streams.Infrastructure;
using Xunit.Abstractions;

namespace Eddy.Tests.Spilling;

/// <summary>The spill itself, the temporary file's life, and every bad condition: each must leave the bytes written so far readable.</summary>
public sealed class FileBufferingStreamTests : IDisposable
{
    private const int Threshold = 64 * 1024;
    private readonly ITestOutputHelper _output;
    private readonly string _directory = Directory.CreateTempSubdirectory("eddy-spill-").FullName;

    public FileBufferingStreamTests(ITestOutputHelper output) => _output = output;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Fact]
    public void File_is_created_only_at_the_crossing_and_has_no_name_while_the_stream_uses_it()
    {
        var pool = new StreamTestPool();
        byte[] data = SpillingModel.Pattern(Threshold + 1, seed: 5);
        var stream = new FileBufferingStream(Options(pool));
        stream.Write(data, 0, Threshold);
        Assert.False(stream.IsSpilled);
        Assert.Null(stream.TempFilePath);
        Assert.Empty(Directory.GetFiles(_directory));
        Assert.True(pool.Outstanding > 0);

        stream.WriteByte(data[Threshold]);
        Assert.True(stream.IsSpilled);
        Assert.False(stream.IsFileAsync);
        string path = stream.TempFilePath!;
        Assert.Equal(_directory, Path.GetDirectoryName(path));
        Assert.StartsWith("eddy-", Path.GetFileName(path)); // the name docs/spilling-stream.md gives
        if (OperatingSystem.IsWindows())
        {
            Assert.Equal(new[] { path }, Directory.GetFiles(_directory)); // DeleteOnClose: it goes when the handle closes
        }
        else
        {
            Assert.Empty(Directory.GetFileSystemEntries(_directory)); // unlinked at once: no name anyone could open
        }

        Assert.Equal(Threshold, stream.SpillFileLength); // the byte that crossed waits in the file buffer
        Assert.Equal(1, pool.Outstanding); // every pooled chunk went back when its bytes reached the file
        stream.Flush();
        Assert.Equal(Threshold + 1, stream.SpillFileLength);
        stream.Write(data, 0, 100); // and the nameless file takes writes and reads back
        stream.Position = Threshold - 1;
        Assert.Equal(data[Threshold - 1], stream.ReadByte());
        Assert.Equal(data[Threshold], stream.ReadByte());
        Assert.Equal(data[0], stream.ReadByte());
        stream.SetLength(Threshold + 1);

        stream.Position = 0;
        Assert.Equal(data, stream.ToArray());
        stream.Dispose();
        Assert.False(File.Exists(path));
        Assert.Empty(Directory.GetFiles(_directory));
        pool.AssertAllReturned();
    }

    [Fact]
    public void The_file_is_created_readable_and_writable_by_its_owner_only()
    {
        // The same creation the stream uses, on a path that stays so its mode can be read (the stream's own file has
        // no name by then). The mode is given to the creating system call: 0600 whatever the umask lets through.
        string path = Path.Combine(_directory, "eddy-mode");
        using (FileStream file = SpillFile.CreatePrivate(path, FileOptions.None))
        {
            if (!OperatingSystem.IsWindows())
            {
                Assert.Equal(UnixFileMode.UserRead | UnixFileMode.UserWrite, File.GetUnixFileMode(path));
                Assert.Equal(UnixFileMode.UserRead | UnixFileMode.UserWrite, File.GetUnixFileMode(file.SafeFileHandle));
            }

            Assert.Throws<IOException>(() => SpillFile.CreatePrivate(path, FileOptions.None)); // CreateNew: never an existing file
        }
    }

    [Fact]
    public async Task Async_members_spill_to_an_asynchronous_file_and_DisposeAsync_deletes_it()
    {
        byte[] data = SpillingModel.Pattern(3 * Threshold, seed: 6);
        var stream = new FileBufferingStream(Options(new StreamTestPool()));
        for (int offset = 0; offset < data.Length; offset += 8192)
        {
            await stream.WriteAsync(data.AsMemory(offset, 8192));
        }

        Assert.True(stream.IsFileAsync);
        string path = stream.TempFilePath!;
        stream.Position = 0;
        var copy = new MemoryStream();
        await stream.CopyToAsync(copy);
        Assert.Equal(data, copy.ToArray());

        stream.Position = 10;
        byte[] read = new byte[100];
        await stream.ReadExactlyAsync(read);
        Assert.Equal(data.AsSpan(10, 100).ToArray(), read);

        await stream.DisposeAsync();
        Assert.False(File.Exists(path));
        await Assert.ThrowsAsync<ObjectDisposedException>(async () => await stream.ReadExactlyAsync(read));
    }

    [Fact]
    public async Task Large_WriteAsync_and_ReadAsync_past_the_threshold_return_before_the_file_completes_them()
    {
        // RandomAccess hands the call to the operating system or the thread pool; the caller's thread is not held
        // for it. Tried a few times since a fast disk may finish before the check.
        byte[] data = new byte[16 << 20];
        bool writeReturnedEarly = false;
        bool readReturnedEarly = false;
        for (int attempt = 0; attempt < 5 && !(writeReturnedEarly && readReturnedEarly); attempt++)
        {
            await using var stream = new FileBufferingStream(Options(null, threshold: 0));
            await stream.WriteAsync(new byte[1]);
            ValueTask write = stream.WriteAsync(data);
            writeReturnedEarly |= !write.IsCompleted;
            await write;
            Assert.Equal(data.Length + 1, stream.Length);

            stream.Position = 1;
            ValueTask<int> read = stream.ReadAsync(data);
            readReturnedEarly |= !read.IsCompleted;
            Assert.Equal(data.Length, await read);
        }

        Assert.True(writeReturnedEarly);
        Assert.True(readReturnedEarly);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Missing_directory_fails_the_crossing_write_and_keeps_the_bytes_in_memory(bool asynchronous)
    {
        string missing = Path.Combine(_directory, "missing");
        await AssertCrossingFails<DirectoryNotFoundException>(missing, asynchronous);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Unwritable_directory_fails_the_crossing_write_and_keeps_the_bytes_in_memory(bool asynchronous)
    {
        if (Environment.UserName != "root" && !OperatingSystem.IsWindows())
        {
            string locked = Directory.CreateDirectory(Path.Combine(_directory, "locked")).FullName;
            File.SetUnixFileMode(locked, UnixFileMode.UserRead | UnixFileMode.UserExecute);
            await AssertCrossingFails<UnauthorizedAccessException>(locked, asynchronous);
            return;
        }

        // Root writes through permission bits, so the unwritable directory is a read-only file system.
        using SmallFileSystem? readOnly = SmallFileSystem.TryMount("ro,size=64k");
        if (readOnly is null)
        {
            _output.WriteLine("no read-only mount available: checked a directory under /proc instead");
            await AssertCrossingFails<IOException>("/proc/self", asynchronous, acceptUnauthorized: true);
            return;
        }

        await AssertCrossingFails<IOException>(readOnly.Path, asynchronous);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Total_limit_throws_IOException_and_changes_nothing_in_memory_and_on_disk(bool asynchronous)
    {
        var options = Options(new StreamTestPool(), maxLength: 3 * Threshold);
        await using var stream = new FileBufferingStream(options);
        byte[] data = SpillingModel.Pattern((int)options.MaximumLength, seed: 8);

        // In memory: a write past the limit, though under the threshold.
        var small = new FileBufferingStream(Options(null, maxLength: 100));
        small.Write(data, 0, 60);
        await AssertLimit(small, data.AsMemory(0, 41), asynchronous);
        Assert.False(small.IsSpilled);
        Assert.Equal(data.AsSpan(0, 60).ToArray(), small.ToArray());
        small.Dispose();

        // On disk: fill to the limit exactly, then one byte more, then a write that starts past it.
        await Write(stream, data, asynchronous);
        Assert.True(stream.IsSpilled);
        await AssertLimit(stream, new byte[1], asynchronous);
        stream.Position = options.MaximumLength + 10;
        await AssertLimit(stream, ReadOnlyMemory<byte>.Empty, asynchronous);
        Assert.Throws<IOException>(() => stream.SetLength(options.MaximumLength + 1));
        Assert.Equal(options.MaximumLength, stream.Length);
        Assert.Equal(options.MaximumLength + 10, stream.Position);
        Assert.Equal(data, stream.ToArray());
        Assert.Equal(options.MaximumLength, stream.SpillFileLength);

        // The limit is on the length, not the traffic: shrinking makes room again.
        stream.SetLength(10);
        stream.Position = 10;
        await Write(stream, data.AsMemory(10, 100), asynchronous);
        Assert.Equal(data.AsSpan(0, 110).ToArray(), stream.ToArray());
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Full_disk_fails_the_write_that_hit_it_and_loses_nothing_written_before(bool asynchronous)
    {
        using SmallFileSystem? disk = SmallFileSystem.TryMount("size=1m");
        if (disk is null)
        {
            // Without a mount the nearest condition is the total limit, checked by its own test above.
            _output.WriteLine("could not mount a 1 MiB tmpfs: the disk-full check was not run");
            return;
        }

        byte[] data = SpillingModel.Pattern(2 << 20, seed: 9);
        await using var stream = new FileBufferingStream(Options(new StreamTestPool(), directory: disk.Path));
        long accepted = 0;
        IOException? full = null;
        while (full is null)
        {
            try
            {
                await Write(stream, data.AsMemory((int)accepted, 8192 + 100), asynchronous);
                accepted += 8192 + 100;
            }
            catch (IOException exception)
            {
                full = exception;
            }
        }

        _output.WriteLine($"disk full after {accepted} bytes: {full.Message}");
        Assert.True(accepted > Threshold && accepted < 1 << 20);
        Assert.True(stream.IsSpilled);
        Assert.Equal(accepted, stream.Length);
        Assert.Equal(accepted, stream.Position);
        Assert.Equal(accepted, stream.SpillFileLength);
        Assert.Equal(data.AsSpan(0, (int)accepted).ToArray(), stream.ToArray());

        // Room made by shrinking is usable again, and a gap written past the end reads as zeros.
        stream.SetLength(accepted / 2);
        stream.Position = accepted / 2 + 1000;
        await Write(stream, data.AsMemory(0, 5000), asynchronous);
        byte[] all = stream.ToArray();
        Assert.True(all.AsSpan((int)(accepted / 2), 1000).IndexOfAnyExcept((byte)0) < 0);
        Assert.Equal(data.AsSpan(0, 5000).ToArray(), all.AsSpan((int)(accepted / 2) + 1000).ToArray());
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Writes_shorter_than_the_file_buffer_are_gathered_and_reach_the_file_in_one_write(bool asynchronous)
    {
        // FileBufferSize is 4096: 1000-byte writes gather four to a buffer, the fifth sends the four to the file.
        byte[] data = SpillingModel.Pattern(Threshold + 20_000, seed: 10);
        await using var stream = new FileBufferingStream(Options(new StreamTestPool()));
        await Write(stream, data.AsMemory(0, Threshold), asynchronous);
        await Write(stream, data.AsMemory(Threshold, 4096), asynchronous); // crosses: as long as the buffer, straight to the file
        Assert.Equal(Threshold + 4096, stream.SpillFileLength);

        int written = Threshold + 4096;
        for (int i = 0; i < 4; i++, written += 1000)
        {
            await Write(stream, data.AsMemory(written, 1000), asynchronous);
        }

        Assert.Equal(written, stream.Length);
        Assert.Equal(Threshold + 4096, stream.SpillFileLength); // all four wait in the buffer
        await Write(stream, data.AsMemory(written, 1000), asynchronous);
        written += 1000;
        Assert.Equal(written - 1000, stream.SpillFileLength); // the fifth did not fit: the four went as one write

        // A write elsewhere sends what is gathered first; a read, Flush and SetLength each see every byte.
        stream.Position = 10;
        await Write(stream, data.AsMemory(10, 50), asynchronous);
        Assert.Equal(written, stream.SpillFileLength);
        stream.Position = written;
        await Write(stream, data.AsMemory(written, 700), asynchronous);
        written += 700;
        if (asynchronous)
        {
            await stream.FlushAsync();
        }
        else
        {
            stream.Flush();
        }

        Assert.Equal(written, stream.SpillFileLength);
        await Write(stream, data.AsMemory(written, 300), asynchronous);
        written += 300;
        stream.Position = written - 500;
        byte[] tail = new byte[500];
        if (asynchronous)
        {
            await stream.ReadExactlyAsync(tail);
        }
        else
        {
            stream.ReadExactly(tail);
        }

        Assert.Equal(data.AsSpan(written - 500, 500).ToArray(), tail);
        Assert.Equal(written, stream.SpillFileLength);
        await Write(stream, data.AsMemory(written, 200), asynchronous);
        stream.SetLength(written + 100); // cuts off gathered bytes: the file gets only what is left of them
        Assert.Equal(written + 100, stream.SpillFileLength);
        Assert.Equal(data.AsSpan(0, written + 100).ToArray(), stream.ToArray());
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Full_disk_under_gathered_writes_fails_the_call_that_writes_them_and_loses_nothing(bool asynchronous)
    {
        using SmallFileSystem? disk = SmallFileSystem.TryMount("size=1m");
        if (disk is null)
        {
            _output.WriteLine("could not mount a 1 MiB tmpfs: the disk-full check was not run");
            return;
        }

        byte[] data = SpillingModel.Pattern(2 << 20, seed: 11);
        await using var stream = new FileBufferingStream(Options(new StreamTestPool(), directory: disk.Path));
        long accepted = 0;
        IOException? full = null;
        while (full is null)
        {
            try
            {
                await Write(stream, data.AsMemory((int)accepted, 1000), asynchronous);
                accepted += 1000;
            }
            catch (IOException exception)
            {
                full = exception;
            }
        }

        _output.WriteLine($"disk full after {accepted} bytes: {full.Message}");
        Assert.True(stream.IsSpilled);
        Assert.Equal(accepted, stream.Length);
        Assert.Equal(accepted, stream.Position);
        Assert.True(stream.SpillFileLength < accepted); // the gathered bytes are still in the buffer, not lost
        Assert.Throws<IOException>(stream.Flush); // and the next call that needs the file tries them again
        Assert.Throws<IOException>(() => stream.ToArray());
        Assert.Equal(accepted, stream.Length);

        // Shrinking makes room: what is left of the content is all there, and writes go on.
        long half = accepted / 2;
        stream.SetLength(half);
        Assert.Equal(data.AsSpan(0, (int)half).ToArray(), stream.ToArray());
        stream.Position = half;
        await Write(stream, data.AsMemory((int)half, 3000), asynchronous);
        Assert.Equal(data.AsSpan(0, (int)half + 3000).ToArray(), stream.ToArray());
        Assert.Equal(half + 3000, stream.SpillFileLength);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Full_disk_at_the_crossing_keeps_the_bytes_in_memory_and_leaves_no_file(bool asynchronous)
    {
        using SmallFileSystem? disk = SmallFileSystem.TryMount("size=32k");
        if (disk is null)
        {
            _output.WriteLine("could not mount a 32 KiB tmpfs: the disk-full check was not run");
            return;
        }

        await AssertCrossingFails<IOException>(disk.Path, asynchronous);
        Assert.Empty(disk.Files());
    }

    [Fact]
    public void Use_after_Dispose_throws_ObjectDisposedException_on_a_spilled_stream()
    {
        var stream = new FileBufferingStream(Options(null, threshold: 0));
        stream.Write(new byte[100]);
        string path = stream.TempFilePath!;
        stream.Dispose();
        stream.Dispose();
        Assert.False(File.Exists(path));
        Assert.False(stream.IsSpilled);
        Assert.Throws<ObjectDisposedException>(() => stream.Length);
        Assert.Throws<ObjectDisposedException>(() => stream.Position);
        Assert.Throws<ObjectDisposedException>(() => stream.Read(new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => stream.Write(new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => stream.ToArray());
        Assert.Throws<NotSupportedException>(() => stream.SetLength(1));
        Assert.True(stream.WriteAsync(new byte[1]).AsTask().IsFaulted);
    }

    [Fact]
    public void Options_reject_bad_values()
    {
        Assert.Throws<ArgumentOutOfRangeException>("value", () => new FileBufferingStreamOptions { MemoryThreshold = -1 });
        Assert.Throws<ArgumentOutOfRangeException>("value", () => new FileBufferingStreamOptions { MaximumLength = -1 });
        Assert.StartsWith("Positive number required.", Assert.Throws<ArgumentOutOfRangeException>("value", () => new FileBufferingStreamOptions { FileBufferSize = 0 }).Message, StringComparison.Ordinal);
        Assert.Equal(1 << 20, FileBufferingStreamOptions.Default.MemoryThreshold);
        Assert.Equal(32L << 20, FileBufferingStreamOptions.DefaultMaximumLength);
        Assert.Equal(FileBufferingStreamOptions.DefaultMaximumLength, FileBufferingStreamOptions.Default.MaximumLength);
        Assert.Equal(FileBufferingStreamOptions.DefaultMaximumLength, new FileBufferingStreamOptions().MaximumLength);
        Assert.Equal(long.MaxValue, new FileBufferingStreamOptions { MaximumLength = long.MaxValue }.MaximumLength);
        Assert.Equal(TimeSpan.FromSeconds(1), FileBufferingStreamOptions.Default.SpillRetryDelay);
    }

    /// <summary>
    /// Fills the memory to the threshold, then writes one more byte into <paramref name="directory"/>: the write must
    /// throw <typeparamref name="TException"/> and leave the stream in memory with every byte.
    /// </summary>
    private async Task AssertCrossingFails<TException>(string directory, bool asynchronous, bool acceptUnauthorized = false)
        where TException : Exception
    {
        var pool = new StreamTestPool();
        byte[] data = SpillingModel.Pattern(Threshold, seed: 4);
        var stream = new FileBufferingStream(Options(pool, directory: directory));
        await Write(stream, data, asynchronous);

        Exception error = await Record.ExceptionAsync(() => Write(stream, new byte[1], asynchronous).AsTask());
        Assert.NotNull(error);
        _output.WriteLine($"{error.GetType().Name}: {error.Message}");
        Assert.True(error is TException || (acceptUnauthorized && error is UnauthorizedAccessException), error.ToString());
        Assert.False(stream.IsSpilled);
        Assert.Equal(Threshold, stream.Length);
        Assert.Equal(Threshold, stream.Position);
        Assert.Equal(data, stream.ToArray());

        // Still usable in memory.
        stream.Position = 0;
        stream.Write(new byte[] { 42 });
        Assert.Equal(42, stream.ToArray()[0]);
        stream.Dispose();
        pool.AssertAllReturned();
    }

    private static async Task AssertLimit(FileBufferingStream stream, ReadOnlyMemory<byte> data, bool asynchronous)
    {
        long length = stream.Length;
        long position = stream.Position;
        IOException error = await Assert.ThrowsAsync<IOException>(() => Write(stream, data, asynchronous).AsTask());
        Assert.Contains("MaximumLength", error.Message, StringComparison.Ordinal);
        Assert.Equal(length, stream.Length);
        Assert.Equal(position, stream.Position);
    }

    private static ValueTask Write(Stream stream, ReadOnlyMemory<byte> data, bool asynchronous)
    {
        if (asynchronous)
        {
            return stream.WriteAsync(data);
        }

        stream.Write(data.Span);
        return default;
    }

    [Fact]
    public void SetLength_to_the_threshold_stays_in_memory_and_one_byte_more_spills()
    {
        using var atThreshold = new FileBufferingStream(Options(null, threshold: 1_000));
        atThreshold.SetLength(1_000);
        Assert.False(atThreshold.IsSpilled);
        Assert.Equal(1_000, atThreshold.Length);

        using var past = new FileBufferingStream(Options(null, threshold: 1_000));
        past.Write(SpillingModel.Pattern(10, seed: 3));
        past.SetLength(1_001);
        Assert.True(past.IsSpilled);
        Assert.Equal(1_001, past.Length);
        Assert.Equal(1_001, past.SpillFileLength);
        byte[] expected = new byte[1_001];
        SpillingModel.Pattern(10, seed: 3).CopyTo(expected, 0);
        Assert.Equal(expected, past.ToArray());
    }

    [Fact]
    public void SetLength_to_exactly_the_maximum_length_is_allowed_in_memory_and_on_disk()
    {
        using var inMemory = new FileBufferingStream(Options(null, threshold: 1_000, maxLength: 500));
        inMemory.SetLength(500);
        Assert.Equal(500, inMemory.Length);
        Assert.False(inMemory.IsSpilled);

        using var onDisk = new FileBufferingStream(Options(null, threshold: 100, maxLength: 500));
        onDisk.Write(SpillingModel.Pattern(200, seed: 5));
        Assert.True(onDisk.IsSpilled);
        onDisk.SetLength(500);
        Assert.Equal(500, onDisk.Length);
        Assert.Equal(500, onDisk.SpillFileLength);
    }

    [Fact]
    public void The_limit_message_names_the_length_the_write_would_reach_and_the_limit()
    {
        using var stream = new FileBufferingStream(Options(null, maxLength: 100));
        stream.Write(SpillingModel.Pattern(60, seed: 6));

        IOException error = Assert.Throws<IOException>(() => stream.Write(new byte[41]));

        Assert.Contains("grow to 101 bytes, past its limit of 100 bytes", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Spilling_a_stream_held_in_several_chunks_puts_every_chunk_at_its_offset_in_the_file(bool asynchronous)
    {
        // Past 64 KiB the in-memory stream is chunked, so the spill copies several segments one after another.
        var pool = new StreamTestPool();
        await using (var stream = new FileBufferingStream(Options(pool, threshold: 300 * 1024)))
        {
            byte[] data = SpillingModel.Pattern(450 * 1024, seed: 9);
            await Write(stream, data.AsMemory(0, 200 * 1024), asynchronous);
            Assert.False(stream.IsSpilled);

            await Write(stream, data.AsMemory(200 * 1024), asynchronous);

            Assert.True(stream.IsSpilled);
            Assert.Equal(asynchronous, stream.IsFileAsync);
            Assert.Equal(data.Length, stream.SpillFileLength);
            Assert.Equal(data, stream.ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public async Task DisposeAsync_returns_every_chunk_deletes_the_file_and_a_second_call_or_Dispose_changes_nothing()
    {
        var pool = new StreamTestPool();
        var inMemory = new FileBufferingStream(Options(pool));
        inMemory.Write(SpillingModel.Pattern(Threshold, seed: 3));
        Assert.True(pool.Outstanding > 0);
        await inMemory.DisposeAsync();
        Assert.Equal(0, pool.Outstanding);
        Assert.False(inMemory.CanRead);
        Assert.Throws<ObjectDisposedException>(() => inMemory.Length);

        var spilled = new FileBufferingStream(Options(pool));
        await spilled.WriteAsync(SpillingModel.Pattern(Threshold + 10, seed: 4));
        string path = spilled.TempFilePath!;
        Assert.True(spilled.IsSpilled);
        byte[] read = new byte[16];
        spilled.Position = 0;
        await spilled.ReadExactlyAsync(read); // rents the read-ahead buffer
        await spilled.DisposeAsync();
        Assert.False(File.Exists(path));
        Assert.Null(spilled.TempFilePath);
        Assert.Equal(0, pool.Outstanding);

        await spilled.DisposeAsync();
        spilled.Dispose();
        await inMemory.DisposeAsync();
        pool.AssertAllReturned();
    }

    [Fact]
    public async Task CopyToAsync_of_a_spilled_stream_with_a_cancelled_token_is_cancelled_and_copies_nothing()
    {
        using var stream = new FileBufferingStream(Options(new StreamTestPool()));
        await stream.WriteAsync(SpillingModel.Pattern(Threshold + 10, seed: 8));
        stream.Position = 5;
        var destination = new MemoryStream();
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();

        Task copy = stream.CopyToAsync(destination, 4096, cancelled.Token);
        Assert.True(copy.IsCanceled);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => copy);
        Assert.Equal(0, destination.Length);
        Assert.Equal(5, stream.Position);
    }

    [Fact]
    public void SetLength_past_the_maximum_length_throws_before_anything_moves_to_a_file()
    {
        // Under the threshold but over the limit, and over both.
        using var stream = new FileBufferingStream(Options(null, threshold: 1_000, maxLength: 500));
        stream.Write(SpillingModel.Pattern(100, seed: 4));

        Assert.Throws<IOException>(() => stream.SetLength(501));
        Assert.Throws<IOException>(() => stream.SetLength(2_000));

        Assert.False(stream.IsSpilled);
        Assert.Empty(Directory.GetFiles(_directory));
        Assert.Equal(SpillingModel.Pattern(100, seed: 4), stream.ToArray());
    }

    [Fact]
    public void SetLength_negative_throws_for_value_in_memory_and_on_disk_and_changes_nothing()
    {
        using var stream = new FileBufferingStream(Options(null, threshold: 100));
        stream.Write(SpillingModel.Pattern(50, seed: 6));
        Assert.Throws<ArgumentOutOfRangeException>("value", () => stream.SetLength(-1));
        Assert.False(stream.IsSpilled);
        Assert.Equal(50, stream.Length);

        stream.Write(SpillingModel.Pattern(100, seed: 7));
        Assert.True(stream.IsSpilled);
        Assert.Throws<ArgumentOutOfRangeException>("value", () => stream.SetLength(-1));
        Assert.Equal(150, stream.Length);
        Assert.Equal(150, stream.Position);
    }

    private FileBufferingStreamOptions Options(StreamTestPool? pool, long threshold = Threshold, long maxLength = long.MaxValue, string? directory = null) => new()
    {
        MemoryThreshold = threshold,
        MaximumLength = maxLength,
        TempDirectory = directory ?? _directory,
        FileBufferSize = 4096,
        MemoryOptions = pool is null ? null : new PooledMemoryStreamOptions { Pool = pool },
    };
}

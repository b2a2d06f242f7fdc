using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Reflection;
using System.Text;
using System.Threading.Tasks;
using Eddy.FileBuffering;
using Eddy.Tests.Streams;
using Eddy.Tests.Streams.Infrastructure;

namespace Eddy.Tests.Spilling;

/// <summary>
/// <see cref="FileBufferingStream"/> held to <see cref="PooledMemoryStreamSuite"/>'s contract: the suite's own tables
/// of bad-argument and member calls, run against <see cref="MemoryStream"/> and a spilling stream whose threshold is
/// small enough that the calls land on the temporary file. One subclass per threshold.
/// </summary>
public abstract class FileBufferingStreamSuite
{
    /// <summary>Calls of the suite's tables that exist only on PooledMemoryStream (they cast to it).</summary>
    private static readonly HashSet<string> s_pooledMemoryStreamOnly = new() { "WriteTo", "WriteTo null" };

    protected abstract long MemoryThreshold { get; }

    /// <summary>Small, so reads cross the read-ahead's edges often.</summary>
    protected virtual int FileBufferSize => 256;

    public static TheoryData<string> BadArgumentCalls() => Keys("ArgumentCalls");

    public static TheoryData<string> MemberCalls() => Keys("MemberCalls");

    protected FileBufferingStream CreateStream(StreamTestPool? pool = null) => new(new FileBufferingStreamOptions
    {
        MemoryThreshold = MemoryThreshold,
        FileBufferSize = FileBufferSize,
        MemoryOptions = new PooledMemoryStreamOptions { Pool = pool ?? new StreamTestPool() },
    });

    [Theory]
    [MemberData(nameof(BadArgumentCalls))]
    public void Bad_arguments_throw_as_MemoryStream_does(string call)
    {
        Func<Stream, object?> action = Table("ArgumentCalls")[call];
        using var expected = new MemoryStream();
        using FileBufferingStream actual = CreateStream();
        expected.Write(new byte[10]);
        actual.Write(new byte[10]);
        Outcome want = Outcome.Of(() => action(expected));
        Assert.NotNull(want.Error);
        Outcome.AssertSame(want, Outcome.Of(() => action(actual)), call);
    }

    [Theory]
    [MemberData(nameof(MemberCalls))]
    public void After_Dispose_members_behave_as_MemoryStream_does(string call)
    {
        Func<Stream, object?> action = Table("MemberCalls")[call];
        var expected = new MemoryStream();
        FileBufferingStream actual = CreateStream();
        expected.Write(new byte[300]);
        actual.Write(new byte[300]);
        expected.Dispose();
        actual.Dispose();
        Outcome.AssertSame(Outcome.Of(() => action(expected)), Outcome.Of(() => action(actual)), call);
    }

    [Theory]
    [MemberData(nameof(MemberCalls))]
    public void Open_members_behave_as_MemoryStream_does(string call)
    {
        Func<Stream, object?> action = Table("MemberCalls")[call];
        byte[] content = SpillingModel.Pattern(3000, seed: 3);
        using var expected = new MemoryStream();
        using FileBufferingStream actual = CreateStream();
        expected.Write(content);
        actual.Write(content);
        expected.Position = 100;
        actual.Position = 100;
        Outcome.AssertSame(Outcome.Of(() => action(expected)), Outcome.Of(() => action(actual)), call);
        Assert.Equal(expected.CanRead, actual.CanRead);
        if (actual.CanRead)
        {
            Assert.Equal(expected.ToArray(), actual.ToArray());
            Assert.Equal(expected.Position, actual.Position);
        }
    }

    [Fact]
    public void Model_matches_MemoryStream_over_seeded_random_sequences()
    {
        for (int sequence = 0; sequence < 60; sequence++)
        {
            var pool = new StreamTestPool();
            FileBufferingStream actual = CreateStream(pool);
            SpillingModel.Run(actual, seed: sequence * 7919 + 17, operations: 210);
            string? path = actual.TempFilePath;
            actual.Dispose();
            Assert.True(path is null || !File.Exists(path), $"{path} outlived Dispose");
            pool.AssertAllReturned();
        }
    }

    [Fact]
    public async Task Model_matches_MemoryStream_through_the_async_members()
    {
        for (int sequence = 0; sequence < 20; sequence++)
        {
            var pool = new StreamTestPool();
            FileBufferingStream actual = CreateStream(pool);
            await SpillingModel.RunAsync(actual, seed: sequence * 104729 + 3, operations: 150);
            await actual.DisposeAsync();
            pool.AssertAllReturned();
        }
    }

    [Fact]
    public void GZipStream_round_trips()
    {
        byte[] data = Encoding.UTF8.GetBytes(string.Join(",", System.Linq.Enumerable.Range(0, 40_000)));
        using FileBufferingStream compressed = CreateStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true))
        {
            gzip.Write(data);
        }

        compressed.Position = 0;
        using FileBufferingStream restored = CreateStream();
        using (var gzip = new GZipStream(compressed, CompressionMode.Decompress, leaveOpen: true))
        {
            gzip.CopyTo(restored);
        }

        Assert.True(restored.IsSpilled);
        Assert.Equal(data, restored.ToArray());
    }

    [Fact]
    public async Task StreamWriter_and_StreamReader_round_trip_text_asynchronously()
    {
        string text = string.Join("\n", System.Linq.Enumerable.Range(0, 5_000));
        await using FileBufferingStream stream = CreateStream();
        await using (var writer = new StreamWriter(stream, Encoding.UTF8, bufferSize: 1024, leaveOpen: true))
        {
            await writer.WriteAsync(text);
        }

        stream.Position = 0;
        using var reader = new StreamReader(stream, Encoding.UTF8, detectEncodingFromByteOrderMarks: false, bufferSize: 700, leaveOpen: true);
        Assert.Equal(text, await reader.ReadToEndAsync());
    }

    private static TheoryData<string> Keys(string table)
    {
        var data = new TheoryData<string>();
        foreach (string key in Table(table).Keys)
        {
            if (!s_pooledMemoryStreamOnly.Contains(key))
            {
                data.Add(key);
            }
        }

        return data;
    }

    /// <summary>
    /// One of <see cref="PooledMemoryStreamSuite"/>'s private call tables, taken as it is so that a call added there
    /// is run here too.
    /// </summary>
    private static Dictionary<string, Func<Stream, object?>> Table(string name)
    {
        MethodInfo method = typeof(PooledMemoryStreamSuite).GetMethod(name, BindingFlags.NonPublic | BindingFlags.Static)
            ?? throw new InvalidOperationException($"PooledMemoryStreamSuite.{name} is gone; update this suite.");
        return (Dictionary<string, Func<Stream, object?>>)method.Invoke(null, null)!;
    }
}

/// <summary>Spills on the first byte: every call after the first write works on the file.</summary>
public sealed class SpillAtOnceStreamTests : FileBufferingStreamSuite
{
    protected override long MemoryThreshold => 0;
}

/// <summary>Spills part-way: sequences start in pooled chunks and cross into the file at 1,000 bytes.</summary>
public sealed class SpillMidwayStreamTests : FileBufferingStreamSuite
{
    protected override long MemoryThreshold => 1000;

    protected override int FileBufferSize => 4096;
}

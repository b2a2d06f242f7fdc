using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using Eddy.Buffers;
using Eddy.Tests.Infrastructure;
using Eddy.Tests.Streams.Infrastructure;
using Xunit.Abstractions;

namespace Eddy.Tests.Reliability;

/// <summary>
/// Failure atomicity as a property: every mutating member runs with the pool's Nth rent throwing
/// <see cref="OutOfMemoryException"/>, for every N the operation reaches, and every ReadFrom runs with a source
/// that throws or cancels at every offset; in every configuration and from several starting states. After each
/// failure the stream must be unchanged (members that rent before they write) or hold exactly the bytes
/// committed before the failure (ReadFrom, CopyTo), with Length, ToArray, Read and GetReadOnlySequence
/// agreeing; it must keep working; and after Dispose every array must have gone back exactly once.
/// </summary>
public sealed class FaultInjectionTests(ITestOutputHelper output)
{
    private const int ContentLength = 700;

    private static readonly Dictionary<string, Func<ArrayPool<byte>, PooledMemoryStreamOptions>> Configurations = new()
    {
        ["Contiguous"] = pool => new() { Pool = pool, Mode = PooledMemoryStreamMode.Contiguous },
        ["Auto"] = pool => new() { Pool = pool, Mode = PooledMemoryStreamMode.Auto, SegmentThreshold = 1_024, ChunkLength = 64, MaximumChunkLength = 512 },
        ["AutoClearOnReturn"] = pool => new() { Pool = pool, SegmentThreshold = 512, ChunkLength = 128, MaximumChunkLength = 1_024, ClearOnReturn = true },
        ["Segmented"] = pool => new() { Pool = pool, Mode = PooledMemoryStreamMode.Segmented },
        ["SegmentedTinyChunks"] = pool => new() { Pool = pool, Mode = PooledMemoryStreamMode.Segmented, ChunkLength = 16, MaximumChunkLength = 64 },
    };

    /// <summary>Where the operation starts: Position relative to 700 bytes of content (or an empty stream).</summary>
    private static readonly Dictionary<string, Action<PooledMemoryStream>> Starts = new()
    {
        ["empty"] = _ => { },
        ["at end"] = s => s.Write(Pattern(ContentLength, 7)),
        ["inside"] = s =>
        {
            s.Write(Pattern(ContentLength, 7));
            s.Position = 100;
        },
        ["past end"] = s =>
        {
            s.Write(Pattern(ContentLength, 7));
            s.Position = ContentLength + 300;
        },
    };

    /// <summary>The mutating members. Atomic ones must leave the stream unchanged when a rent fails.</summary>
    private static readonly Operation[] Operations =
    [
        new("Write 2000", s => s.Write(Pattern(2_000, 3)), Atomic: true),
        new("Write 5", s => s.Write(Pattern(5, 3)), Atomic: true),
        new("Write(array)", s => s.Write(Pattern(1_600, 3), 3, 1_500), Atomic: true),
        new("WriteByte", s => s.WriteByte(9), Atomic: true),
        new("WriteAsync", s => s.WriteAsync(Pattern(1_800, 3)).AsTask().GetAwaiter().GetResult(), Atomic: true),
        new("BeginWrite", s => s.EndWrite(s.BeginWrite(Pattern(1_800, 3), 0, 1_800, null, null)), Atomic: true),
        new("SetLength grow", s => s.SetLength(s.Length + 3_000), Atomic: true),
        new("SetLength shrink", s => s.SetLength(s.Length / 2), Atomic: true),
        new("EnsureCapacity", s => s.EnsureCapacity(5_000), Atomic: true),
        new("GetSpan+Advance", s =>
        {
            s.GetSpan(1_200).Slice(0, 1_200).Fill(5);
            s.Advance(1_000);
        }, Atomic: true),
        new("GetMemory+Advance", s =>
        {
            s.GetMemory(40).Span.Slice(0, 40).Fill(6);
            s.Advance(30);
        }, Atomic: true),
        new("Write own bytes", s => s.Write(s.GetReadOnlySequence().First.Span), Atomic: true),
        new("ReadFrom", s => s.ReadFrom(new MemoryStream(Pattern(2_500, 3))), Atomic: false),
        new("ReadFromAsync", s => s.ReadFromAsync(new MemoryStream(Pattern(2_500, 3))).AsTask().GetAwaiter().GetResult(), Atomic: false),
        new("CopyTo itself", s => s.CopyTo(s), Atomic: false),
    ];

    [Fact]
    public void A_pool_that_throws_on_its_Nth_rent_never_corrupts_a_stream()
    {
        int faults = 0;
        int cases = 0;
        foreach ((string config, Func<ArrayPool<byte>, PooledMemoryStreamOptions> options) in Configurations)
        {
            foreach ((string start, Action<PooledMemoryStream> prepare) in Starts)
            {
                foreach (Operation operation in Operations)
                {
                    cases++;
                    for (int n = 1; ; n++)
                    {
                        string context = $"{config}, {start}, {operation.Name}, rent {n} fails";
                        if (!RunWithFailingRent(options, prepare, operation, n, context))
                        {
                            break;
                        }

                        faults++;
                        Assert.True(n < 200, $"{context}: the operation keeps renting");
                    }
                }
            }
        }

        output.WriteLine($"{cases} (configuration, start, operation) cases, {faults} injected rent failures.");
        Assert.True(faults > cases);
    }

    /// <summary>Runs the operation with rent <paramref name="n"/> failing; false when it finished without reaching it.</summary>
    private static bool RunWithFailingRent(Func<ArrayPool<byte>, PooledMemoryStreamOptions> options, Action<PooledMemoryStream> prepare, Operation operation, int n, string context)
    {
        var pool = new StreamTestPool();
        bool failed;
        using (var stream = new PooledMemoryStream(options(pool)))
        {
            prepare(stream);
            byte[] before = stream.ToArray();
            long position = stream.Position;
            pool.FailOnRent = pool.RentCount + n;
            try
            {
                operation.Run(stream);
                failed = false;
            }
            catch (OutOfMemoryException)
            {
                failed = true;
            }

            pool.FailOnRent = 0;
            if (failed)
            {
                AssertAfterFailure(stream, before, position, operation.Atomic ? null : Source(operation, before, position), context);
            }

            AssertKeepsWorking(stream, context);
        }

        pool.AssertAllReturned();
        return failed;
    }

    /// <summary>The bytes a non-atomic operation writes, and where: a failure may commit any prefix of them.</summary>
    private static (byte[] Data, long At) Source(Operation operation, byte[] before, long position) => operation.Name switch
    {
        "CopyTo itself" => (before.AsSpan((int)Math.Min(position, before.Length)).ToArray(), before.Length),
        _ => (Pattern(2_500, 3), position),
    };

    [Fact]
    public void A_source_that_throws_or_cancels_at_any_offset_leaves_exactly_the_bytes_read()
    {
        const int DataLength = 1_500;
        byte[] data = Pattern(DataLength, 5);
        int faults = 0;
        foreach ((string config, Func<ArrayPool<byte>, PooledMemoryStreamOptions> options) in Configurations)
        {
            foreach ((string start, Action<PooledMemoryStream> prepare) in Starts)
            {
                foreach (string how in new[] { "throws", "throws async", "cancels" })
                {
                    for (int failAt = 0; failAt <= DataLength; failAt++)
                    {
                        faults++;
                        string context = $"{config}, {start}, source {how} after {failAt} bytes";
                        var pool = new StreamTestPool();
                        using (var stream = new PooledMemoryStream(options(pool)))
                        {
                            prepare(stream);
                            byte[] before = stream.ToArray();
                            long position = stream.Position;
                            using var cts = new CancellationTokenSource();
                            var source = new FaultySource(data, failAt) { ReadSize = 97, Cancel = how == "cancels" ? cts : null };
                            Exception? error = Record.Exception(() =>
                            {
                                if (how == "throws")
                                {
                                    stream.ReadFrom(source);
                                }
                                else
                                {
                                    stream.ReadFromAsync(source, cts.Token).AsTask().GetAwaiter().GetResult();
                                }
                            });

                            Assert.True(error is IOException or OperationCanceledException, $"{context}: {error}");
                            Assert.Equal(failAt, source.Served);
                            AssertAfterFailure(stream, before, position, (data, position), context, committed: failAt);
                            AssertKeepsWorking(stream, context);
                        }

                        pool.AssertAllReturned();
                    }
                }
            }
        }

        output.WriteLine($"{Configurations.Count} configurations x {Starts.Count} starts x 3 failure kinds x {DataLength + 1} offsets = {faults} source failures.");
    }

    [Fact]
    public void A_fresh_segmented_buffer_whose_first_rent_fails_stays_empty_and_usable()
    {
        FreshThread.Run(() =>
        {
            var pool = new StreamTestPool { FailOnRent = 1 };
            object? first;
            using (var buffer = new SegmentedBuffer<byte>(pool, 16, 256))
            {
                Assert.Throws<OutOfMemoryException>(() => buffer.Write(Pattern(40, 3)));
                Assert.Equal(0, buffer.Length);
                Assert.Equal(0, buffer.ChunkCount);
                Assert.True(buffer.GetReadOnlySequence().IsEmpty);

                buffer.Write(Pattern(40, 3));
                Assert.Equal(Pattern(40, 3), buffer.ToArray());
                first = buffer.GetReadOnlySequence().Start.GetObject();
            }

            pool.AssertAllReturned();

            // The failed rent took nothing from the thread: the first chunk's segment came with the kit and went back in it.
            Assert.Same(first, ChunkSlots<byte>.RentWithSegment()[0]);
        });
    }

    [Fact]
    public void A_segmented_buffer_survives_a_pool_that_throws_on_its_Nth_rent()
    {
        var operations = new (string Name, Action<SegmentedBuffer<byte>> Run)[]
        {
            ("Write", b => b.Write(Pattern(3_000, 3))),
            ("Write at position", b => b.Write(b.Length / 2, Pattern(3_000, 3))),
            ("SetLength", b => b.SetLength(b.Length + 3_000)),
            ("GetSpan", b => b.GetSpan(2_000)),
            ("EnsureCapacity", b => b.EnsureCapacity(5_000)),
            ("ReadFrom", b => b.ReadFrom(new MemoryStream(Pattern(3_000, 3)))),
        };
        int faults = 0;
        foreach ((string name, Action<SegmentedBuffer<byte>> run) in operations)
        {
            for (int n = 1; ; n++)
            {
                var pool = new StreamTestPool();
                bool failed;
                using (var buffer = new SegmentedBuffer<byte>(pool, 16, 256))
                {
                    buffer.Write(Pattern(500, 7));
                    byte[] before = buffer.ToArray();
                    pool.FailOnRent = pool.RentCount + n;
                    try
                    {
                        run(buffer);
                        failed = false;
                    }
                    catch (OutOfMemoryException)
                    {
                        failed = true;
                    }

                    pool.FailOnRent = 0;
                    byte[] after = buffer.ToArray();
                    Assert.Equal(after, buffer.GetReadOnlySequence().ToArray());
                    Assert.Equal(buffer.Length, after.Length);
                    if (failed && name != "ReadFrom")
                    {
                        Assert.Equal(before, after);
                    }
                    else if (failed)
                    {
                        Assert.Equal(Pattern(3_000, 3).AsSpan(0, after.Length - before.Length).ToArray(), after.AsSpan(before.Length).ToArray());
                    }

                    buffer.Write(Pattern(10, 9));
                    Assert.Equal(after.Length + 10, buffer.Length);
                }

                pool.AssertAllReturned();
                if (!failed)
                {
                    break;
                }

                faults++;
            }
        }

        output.WriteLine($"{operations.Length} operations, {faults} injected rent failures.");
        Assert.True(faults >= operations.Length);
    }

    /// <summary>
    /// Unchanged when <paramref name="source"/> is null; otherwise the old content with a prefix of the source's
    /// bytes written at its position (<paramref name="committed"/> bytes when known, else as many as Position moved).
    /// </summary>
    private static void AssertAfterFailure(PooledMemoryStream stream, byte[] before, long position, (byte[] Data, long At)? source, string context, long committed = -1)
    {
        var expected = new MemoryStream();
        expected.Write(before);
        if (source is { } s)
        {
            long count = committed >= 0 ? committed : stream.Position - s.At;
            Assert.True(count >= 0 && count <= s.Data.Length, $"{context}: Position {stream.Position} is outside the written range");
            if (count > 0)
            {
                expected.Position = s.At;
                expected.Write(s.Data, 0, (int)count);
            }

            Assert.True(count == 0 || stream.Position == s.At + count, $"{context}: Position {stream.Position}, {count} bytes committed");
        }
        else
        {
            Assert.True(stream.Position == position, $"{context}: Position moved from {position} to {stream.Position}");
        }

        byte[] actual = stream.ToArray();
        Assert.True(expected.ToArray().AsSpan().SequenceEqual(actual), $"{context}: content differs (Length {actual.Length}, expected {expected.Length})");
        StreamAssert.Consistent(stream, context);
    }

    /// <summary>Length, ToArray, Read and GetReadOnlySequence agree, and a further write lands where expected.</summary>
    private static void AssertKeepsWorking(PooledMemoryStream stream, string context)
    {
        StreamAssert.Consistent(stream, context);
        byte[] content = stream.ToArray();
        stream.Position = stream.Length;
        stream.Write(Pattern(33, 11));
        Assert.True(stream.ToArray().AsSpan().SequenceEqual([.. content, .. Pattern(33, 11)]), $"{context}: a write after the failure went wrong");
        StreamAssert.Consistent(stream, context);
    }

    private static byte[] Pattern(int length, int seed)
    {
        var bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    private sealed record Operation(string Name, Action<PooledMemoryStream> Run, bool Atomic)
    {
        public override string ToString() => Name;
    }
}

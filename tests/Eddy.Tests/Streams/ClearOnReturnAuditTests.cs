using System;
using System.IO;
using System.Threading;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Streams;

/// <summary>
/// Clear-on-return is a promise about every array the stream hands back to its pool: each must be all zero, whatever
/// was written into it, committed or not (spans from GetSpan/GetMemory written but not advanced, an Advance that
/// failed, the old array of a growth, chunks cut off by SetLength or Reset, scratch arrays). The pool here audits
/// every return as it happens (<see cref="AuditingArrayPool{T}"/>).
/// </summary>
public class ClearOnReturnAuditTests
{
    public static TheoryData<string> Configurations => new() { "Contiguous", "Segmented", "Auto", "AutoSmall", "TinyChunks" };

    private static PooledMemoryStreamOptions Options(string configuration, AuditingArrayPool<byte> pool) => configuration switch
    {
        "Contiguous" => new() { Pool = pool, Mode = PooledMemoryStreamMode.Contiguous, ClearOnReturn = true },
        "Segmented" => new() { Pool = pool, Mode = PooledMemoryStreamMode.Segmented, ClearOnReturn = true },
        "Auto" => new() { Pool = pool, Mode = PooledMemoryStreamMode.Auto, ClearOnReturn = true },
        "AutoSmall" => new() { Pool = pool, Mode = PooledMemoryStreamMode.Auto, SegmentThreshold = 300, ChunkLength = 64, MaximumChunkLength = 256, ClearOnReturn = true },
        "TinyChunks" => new() { Pool = pool, Mode = PooledMemoryStreamMode.Segmented, ChunkLength = 7, MaximumChunkLength = 13, ClearOnReturn = true },
        _ => throw new ArgumentOutOfRangeException(nameof(configuration)),
    };

    [Theory]
    [InlineData(PooledMemoryStreamMode.Segmented)]
    [InlineData(PooledMemoryStreamMode.Contiguous)]
    [InlineData(PooledMemoryStreamMode.Auto)]
    public void A_span_filled_but_refused_by_Advance_is_cleared_before_its_array_goes_back(PooledMemoryStreamMode mode)
    {
        var pool = new AuditingArrayPool<byte>();
        var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool, Mode = mode, ClearOnReturn = true });
        stream.Write(new byte[3000]);
        Memory<byte> memory = stream.GetMemory(4296);
        memory.Span.Fill(0xA5);
        Assert.Throws<InvalidOperationException>(() => stream.Advance(memory.Length + 1));
        stream.Dispose();

        pool.AssertAllReturned();
        pool.AssertReturnedClean(mode.ToString());
    }

    [Fact]
    public void A_span_far_past_the_auto_threshold_filled_and_refused_is_cleared()
    {
        var pool = new AuditingArrayPool<byte>();
        var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool, Mode = PooledMemoryStreamMode.Auto, ClearOnReturn = true });
        stream.Position = 528763;
        Memory<byte> memory = stream.GetMemory();
        memory.Span.Fill(0x5A);
        Assert.Throws<InvalidOperationException>(() => stream.Advance(memory.Length + 1));
        stream.Dispose();

        pool.AssertAllReturned();
        pool.AssertReturnedClean();
    }

    [Fact]
    public void A_span_never_advanced_on_an_empty_chunk_is_cleared_when_a_larger_one_replaces_it()
    {
        var pool = new AuditingArrayPool<byte>();
        var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool, Mode = PooledMemoryStreamMode.Segmented, ChunkLength = 1024, ClearOnReturn = true });
        stream.Write(new byte[1024]);
        stream.GetSpan(100).Fill(0x33);       // a fresh chunk, nothing committed in it
        stream.GetSpan(1 << 20).Fill(0x44);   // more than that chunk holds: a larger array takes its place
        pool.AssertReturnedClean("the replaced chunk");
        stream.Advance(10);
        stream.Dispose();

        pool.AssertAllReturned();
        pool.AssertReturnedClean();
    }

    [Theory]
    [InlineData(PooledMemoryStreamMode.Segmented)]
    [InlineData(PooledMemoryStreamMode.Auto)]
    public void Bytes_handed_out_and_advanced_only_in_part_are_cleared_by_SetLength_Reset_and_Dispose(PooledMemoryStreamMode mode)
    {
        var pool = new AuditingArrayPool<byte>();
        var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = pool, Mode = mode, ChunkLength = 256, ClearOnReturn = true });
        for (int round = 0; round < 3; round++)
        {
            for (int i = 0; i < 200; i++)
            {
                Span<byte> span = stream.GetSpan(500);
                span.Fill((byte)(i + 1));
                stream.Advance(span.Length / 3);
            }

            stream.SetLength(stream.Length / 2);
            pool.AssertReturnedClean($"round {round}, after SetLength");
            stream.Reset();
            pool.AssertReturnedClean($"round {round}, after Reset");
        }

        stream.Dispose();
        pool.AssertAllReturned();
        pool.AssertReturnedClean();
    }

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Every_array_returned_is_zero_over_seeded_random_operation_sequences(string configuration)
    {
        for (int seed = 0; seed < 60; seed++)
        {
            RunSequence(configuration, seed, operations: 60);
        }
    }

    /// <summary>
    /// The stream fuzz's operation mix (writes, reads, seeks, SetLength, copies, ReadFrom, Reset, consolidation), plus
    /// GetSpan/GetMemory with random fills, partial and refused Advance calls, positions far past the end, and rents
    /// that fail; a failure names the seed and step.
    /// </summary>
    private static void RunSequence(string configuration, int seed, int operations)
    {
        var random = new Random(seed);
        var pool = new AuditingArrayPool<byte>();
        var stream = new PooledMemoryStream(Options(configuration, pool));

        // Tiny chunks hold 7-13 bytes: far positions and long streams there only cost time, in thousands of chunks.
        int far = configuration == "TinyChunks" ? 20_000 : 600_000;
        byte[] source = new byte[20_000];
        byte[] sink = new byte[20_000];
        for (int step = 0; step < operations; step++)
        {
            random.NextBytes(source);
            int op = random.Next(20);
            string context = $"{configuration}, seed {seed}, step {step}, op {op}";
            try
            {
                Apply(stream, random, op, source, sink, pool, far);
            }
            catch (OutOfMemoryException)
            {
                // A rent the pool was told to fail: the stream must still hand back clean arrays.
            }

            pool.AssertReturnedClean(context);
            if (stream.Length > far / 3)
            {
                stream.SetLength(random.Next(far / 12));
            }
        }

        stream.Dispose();
        pool.AssertAllReturned();
        pool.AssertReturnedClean($"{configuration}, seed {seed}, Dispose");
    }

    private static void Apply(PooledMemoryStream stream, Random random, int op, byte[] source, byte[] sink, AuditingArrayPool<byte> pool, int far)
    {
        switch (op)
        {
            case 0:
            case 1:
                stream.Write(source, 0, PickCount(random));
                break;
            case 2:
                stream.WriteByte((byte)random.Next(1, 256));
                break;
            case 3:
            {
                // A span filled to its end, advanced by part of it.
                Span<byte> span = stream.GetSpan(PickCount(random));
                span.Fill((byte)random.Next(1, 256));
                stream.Advance(random.Next(span.Length + 1));
                break;
            }

            case 4:
            {
                // A memory filled, then an Advance past its end, which throws and commits nothing.
                Memory<byte> memory = stream.GetMemory(PickCount(random));
                memory.Span.Fill((byte)random.Next(1, 256));
                Assert.Throws<InvalidOperationException>(() => stream.Advance(memory.Length + 1));
                break;
            }

            case 5:
                // A span filled and never advanced: the next call drops it.
                stream.GetSpan(PickCount(random)).Fill((byte)random.Next(1, 256));
                break;
            case 6:
                stream.Position = random.Next((int)Math.Min(stream.Length + 5000, int.MaxValue));
                break;
            case 7:
                // Far past the end (and, in automatic mode, past the threshold): the next write fills a long gap.
                stream.Position = stream.Length + random.Next(far / 6, far);
                break;
            case 8:
                stream.SetLength(random.Next(2) == 0 ? random.Next((int)stream.Length + 1) : stream.Length + random.Next(far / 8));
                break;
            case 9:
                stream.Seek(random.Next(-(int)Math.Min(stream.Length, 100), 100), SeekOrigin.End);
                break;
            case 10:
                _ = stream.Read(sink, 0, random.Next(sink.Length));
                break;
            case 11:
                _ = stream.ToArray();
                stream.CopyTo(Stream.Null);
                break;
            case 12:
                stream.ReadFrom(new MemoryStream(source, 0, PickCount(random)));
                break;
            case 13:
                stream.WriteAsync(source, 0, PickCount(random), CancellationToken.None).GetAwaiter().GetResult();
                break;
            case 14:
                if (random.Next(4) == 0)
                {
                    stream.Reset();
                }
                else
                {
                    stream.Position = random.Next((int)stream.Length + 1);
                }

                break;
            case 15:
                // A view of the whole content, which ends a span handed out.
                _ = stream.GetReadOnlySequence();

                break;
            case 16:
                stream.EnsureCapacity(stream.Length + random.Next(far / 6));
                break;
            case 17:
                // The next rent fails.
                pool.FailOnRent = pool.RentCallCount + 1;
                stream.Write(source, 0, PickCount(random));
                break;
            case 18:
            {
                // Inside the content: the span is a scratch array.
                stream.Position = random.Next((int)stream.Length + 1);
                Span<byte> span = stream.GetSpan(PickCount(random));
                span.Fill((byte)random.Next(1, 256));
                stream.Advance(random.Next(Math.Min(span.Length, 4000) + 1));
                break;
            }

            default:
                stream.Write(source.AsSpan(0, PickCount(random)));
                break;
        }
    }

    private static int PickCount(Random random) => random.Next(6) switch
    {
        0 => 0,
        < 3 => random.Next(1, 64),
        < 5 => random.Next(64, 5000),
        _ => random.Next(5000, 20_000),
    };
}

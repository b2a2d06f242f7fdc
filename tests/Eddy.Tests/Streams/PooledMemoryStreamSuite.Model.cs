using System;
using System.Buffers;
using System.Diagnostics;
using System.IO;
using System.Threading;
using Eddy.Tests.Streams.Infrastructure;

namespace Eddy.Tests.Streams;

// The randomized model test: seeded operation sequences applied to MemoryStream and PooledMemoryStream side by
// side, comparing return values, exceptions, Length, Position and content after every step.
public abstract partial class PooledMemoryStreamSuite
{
    private const int ModelMaxLength = 12 * 1024;
    private static readonly byte[] s_source = Pattern(64 * 1024, seed: 7);

    [Fact]
    public void Model_matches_MemoryStream_over_seeded_random_sequences()
    {
        long operations = 0;
        var watch = Stopwatch.StartNew();
        for (int sequence = 0; sequence < ModelSequences; sequence++)
        {
            operations += RunModelSequence(seed: sequence * 7919 + 17, OperationsPerSequence);
        }

        Assert.Equal((long)ModelSequences * OperationsPerSequence, operations);
        Assert.True(watch.Elapsed < TimeSpan.FromMinutes(2), $"model test took {watch.Elapsed}");
    }

    /// <summary>Runs one sequence; a failure names the seed and step so it can be replayed alone.</summary>
    protected int RunModelSequence(int seed, int operations)
    {
        var random = new Random(seed);
        var pool = new StreamTestPool();
        var expected = new MemoryStream();
        PooledMemoryStream actual = CreateStream(pool);
        byte[] left = new byte[16 * 1024];
        byte[] right = new byte[16 * 1024];

        for (int step = 0; step < operations; step++)
        {
            string context = $"seed {seed}, step {step}";
            int op = random.Next(24);
            context += $", op {op}";
            switch (op)
            {
                case 0:
                case 1:
                {
                    (int offset, int count) = PickSlice(random);
                    Compare(() => expected.Write(s_source, offset, count), () => actual.Write(s_source, offset, count), context);
                    break;
                }

                case 2:
                {
                    (int offset, int count) = PickSlice(random);
                    Compare(() => expected.Write(s_source.AsSpan(offset, count)), () => actual.Write(s_source.AsSpan(offset, count)), context);
                    break;
                }

                case 3:
                {
                    byte value = (byte)random.Next(256);
                    int repeat = random.Next(1, 40);
                    for (int i = 0; i < repeat; i++)
                    {
                        Compare(() => expected.WriteByte(value), () => actual.WriteByte(value), context);
                    }

                    break;
                }

                case 4:
                {
                    (int offset, int count) = PickReadSlice(random, left.Length);
                    Outcome want = Outcome.Of(() => expected.Read(left, offset, count));
                    Outcome got = Outcome.Of(() => actual.Read(right, offset, count));
                    Outcome.AssertSame(want, got, context);
                    AssertBuffers(left, right, offset, want.Value as int? ?? 0, context);
                    break;
                }

                case 5:
                {
                    (int offset, int count) = PickReadSlice(random, left.Length);
                    Outcome want = Outcome.Of(() => expected.Read(left.AsSpan(offset, count)));
                    Outcome got = Outcome.Of(() => actual.Read(right.AsSpan(offset, count)));
                    Outcome.AssertSame(want, got, context);
                    AssertBuffers(left, right, offset, want.Value as int? ?? 0, context);
                    break;
                }

                case 6:
                {
                    int repeat = random.Next(1, 40);
                    for (int i = 0; i < repeat; i++)
                    {
                        Compare(() => expected.ReadByte(), () => actual.ReadByte(), context);
                    }

                    break;
                }

                case 7:
                case 8:
                {
                    var origin = (SeekOrigin)random.Next(3);
                    long offset = random.Next(-(int)expected.Length - 16, (int)expected.Length + 64);
                    Compare(() => expected.Seek(offset, origin), () => actual.Seek(offset, origin), context);
                    break;
                }

                case 9:
                {
                    long position = random.Next(10) == 0 ? -random.Next(1, 5) : random.Next((int)expected.Length + 64);
                    Compare(() => expected.Position = position, () => actual.Position = position, context);
                    break;
                }

                case 10:
                {
                    long length = random.Next(12) == 0 ? -1 : random.Next((int)expected.Length * 2 + 64);
                    if (length > ModelMaxLength)
                    {
                        length = random.Next(ModelMaxLength / 2);
                    }

                    Compare(() => expected.SetLength(length), () => actual.SetLength(length), context);
                    break;
                }

                case 11:
                {
                    var wantTarget = new MemoryStream();
                    var gotTarget = new MemoryStream();
                    Compare(() => expected.CopyTo(wantTarget), () => actual.CopyTo(gotTarget), context);
                    Assert.Equal(wantTarget.ToArray(), gotTarget.ToArray());
                    break;
                }

                case 12:
                {
                    var wantTarget = new MemoryStream();
                    var gotTarget = new MemoryStream();
                    Compare(() => expected.CopyToAsync(wantTarget), () => actual.CopyToAsync(gotTarget), context);
                    Assert.Equal(wantTarget.ToArray(), gotTarget.ToArray());
                    break;
                }

                case 13:
                    Compare(() => expected.ToArray(), () => actual.ToArray(), context);
                    break;

                case 14:
                {
                    (int offset, int count) = PickReadSlice(random, left.Length);
                    Outcome want = Outcome.Of(() => expected.ReadAsync(left, offset, count, CancellationToken.None));
                    Outcome got = Outcome.Of(() => actual.ReadAsync(right, offset, count, CancellationToken.None));
                    Outcome.AssertSame(want, got, context);
                    AssertBuffers(left, right, offset, want.Value as int? ?? 0, context);
                    break;
                }

                case 15:
                {
                    (int offset, int count) = PickReadSlice(random, left.Length);
                    Outcome want = Outcome.Of(() => expected.ReadAsync(left.AsMemory(offset, count)).AsTask());
                    Outcome got = Outcome.Of(() => actual.ReadAsync(right.AsMemory(offset, count)).AsTask());
                    Outcome.AssertSame(want, got, context);
                    AssertBuffers(left, right, offset, want.Value as int? ?? 0, context);
                    break;
                }

                case 16:
                {
                    (int offset, int count) = PickSlice(random);
                    Compare(() => expected.WriteAsync(s_source, offset, count), () => actual.WriteAsync(s_source, offset, count), context);
                    break;
                }

                case 17:
                {
                    (int offset, int count) = PickSlice(random);
                    Compare(() => expected.WriteAsync(s_source.AsMemory(offset, count)).AsTask(), () => actual.WriteAsync(s_source.AsMemory(offset, count)).AsTask(), context);
                    break;
                }

                case 18:
                {
                    // IBufferWriter at Position: the same bytes as a Write.
                    (int offset, int count) = PickSlice(random);
                    Compare(
                        () => expected.Write(s_source, offset, count),
                        () =>
                        {
                            Span<byte> span = actual.GetSpan(count);
                            s_source.AsSpan(offset, count).CopyTo(span);
                            actual.Advance(count);
                        },
                        context);
                    break;
                }

                case 19:
                {
                    (int offset, int count) = PickSlice(random);
                    Compare(
                        () => new MemoryStream(s_source, offset, count).CopyTo(expected),
                        () => actual.ReadFrom(new MemoryStream(s_source, offset, count)),
                        context,
                        compareValues: false);
                    break;
                }

                case 20:
                    Compare(() => expected.Flush(), () => actual.Flush(), context);
                    break;

                case 21:
                {
                    // Overwrite from the start: writes inside the content, across chunk boundaries.
                    int count = random.Next((int)Math.Min(expected.Length + 1, 3000));
                    expected.Position = 0;
                    actual.Position = 0;
                    Compare(() => expected.Write(s_source, 100, count), () => actual.Write(s_source, 100, count), context);
                    break;
                }

                case 22:
                {
                    long relative = random.Next(-20, 20);
                    Compare(() => expected.Seek(relative, SeekOrigin.End), () => actual.Seek(relative, SeekOrigin.End), context);
                    break;
                }

                default:
                {
                    int count = random.Next(1, 64);
                    byte[] peek = new byte[count];
                    Compare(() => expected.Length, () => actual.Length, context);
                    if (count < expected.Length)
                    {
                        Assert.Throws<ArgumentOutOfRangeException>(() => actual.GetReadOnlySequence().CopyTo(peek.AsSpan()));
                        break;
                    }

                    actual.GetReadOnlySequence().CopyTo(peek.AsSpan());
                    int exported = (int)expected.Length;
                    Assert.True(expected.GetBuffer().AsSpan(0, exported).SequenceEqual(peek.AsSpan(0, exported)), context);
                    break;
                }
            }

            if (expected.Length > ModelMaxLength)
            {
                long length = random.Next(ModelMaxLength / 4);
                expected.SetLength(length);
                actual.SetLength(length);
            }

            AssertSameState(expected, actual, context);
        }

        actual.Dispose();
        pool.AssertAllReturned();
        return operations;
    }

    private static (int Offset, int Count) PickSlice(Random random)
    {
        int count = random.Next(8) switch
        {
            0 => 0,
            < 5 => random.Next(1, 64),
            < 7 => random.Next(64, 1024),
            _ => random.Next(1024, 6000),
        };
        return (random.Next(s_source.Length - count), count);
    }

    private static (int Offset, int Count) PickReadSlice(Random random, int bufferLength)
    {
        int count = random.Next(4) == 0 ? random.Next(1024, 8192) : random.Next(0, 300);
        return (random.Next(bufferLength - count), count);
    }

    private static void AssertBuffers(byte[] left, byte[] right, int offset, int count, string context)
    {
        if (!left.AsSpan(offset, count).SequenceEqual(right.AsSpan(offset, count)))
        {
            Assert.Fail($"{context}: bytes read differ.");
        }
    }

    private static void Compare(Func<object?> expected, Func<object?> actual, string context, bool compareValues = true)
    {
        Outcome want = Outcome.Of(expected);
        Outcome got = Outcome.Of(actual);
        if (!compareValues)
        {
            want = want with { Value = null };
            got = got with { Value = null };
        }

        Outcome.AssertSame(want, got, context);
    }

    private static void Compare(Action expected, Action actual, string context, bool compareValues = true) =>
        Compare(() => { expected(); return null; }, () => { actual(); return null; }, context, compareValues);
}

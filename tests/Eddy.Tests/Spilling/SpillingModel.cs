using System;
using System.IO;
using System.Threading.Tasks;
using Eddy.FileBuffering;
using Eddy.Tests.Streams.Infrastructure;

namespace Eddy.Tests.Spilling;

/// <summary>
/// Seeded random operation sequences on any <see cref="Stream"/> against <see cref="MemoryStream"/>, comparing return
/// values, exceptions, Length and Position after every step and the content every few steps.
/// </summary>
internal static class SpillingModel
{
    private const int MaxLength = 12 * 1024;
    private static readonly byte[] s_source = Pattern(64 * 1024, seed: 7);

    public static byte[] Pattern(int length, int seed)
    {
        byte[] bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    public static void Run(FileBufferingStream actual, int seed, int operations)
    {
        var random = new Random(seed);
        var expected = new MemoryStream();
        byte[] left = new byte[16 * 1024];
        byte[] right = new byte[16 * 1024];
        for (int step = 0; step < operations; step++)
        {
            int op = random.Next(12);
            string context = $"seed {seed}, step {step}, op {op}";
            (int offset, int count) = Slice(random);
            switch (op)
            {
                case 0:
                case 1:
                    Same(() => expected.Write(s_source, offset, count), () => actual.Write(s_source, offset, count), context);
                    break;
                case 2:
                    Same(() => expected.WriteByte(s_source[offset]), () => actual.WriteByte(s_source[offset]), context);
                    break;
                case 3:
                {
                    int read = Math.Min(count * 2, left.Length);
                    Outcome want = Outcome.Of(() => expected.Read(left, 0, read));
                    Outcome.AssertSame(want, Outcome.Of(() => actual.Read(right.AsSpan(0, read))), context);
                    AssertRead(left, right, want, context);
                    break;
                }

                case 4:
                    Same(() => expected.ReadByte(), () => actual.ReadByte(), context);
                    break;
                case 5:
                {
                    var origin = (SeekOrigin)random.Next(3);
                    long to = random.Next(-(int)expected.Length - 16, (int)expected.Length + 64);
                    Same(() => expected.Seek(to, origin), () => actual.Seek(to, origin), context);
                    break;
                }

                case 6:
                {
                    long position = random.Next(8) == 0 ? -1 : random.Next((int)expected.Length + 64);
                    Same(() => expected.Position = position, () => actual.Position = position, context);
                    break;
                }

                case 7:
                {
                    long length = random.Next(10) == 0 ? -1 : random.Next(Math.Min((int)expected.Length * 2 + 64, MaxLength));
                    Same(() => expected.SetLength(length), () => actual.SetLength(length), context);
                    break;
                }

                case 8:
                {
                    var wantTarget = new MemoryStream();
                    var gotTarget = new MemoryStream();
                    Same(() => expected.CopyTo(wantTarget), () => actual.CopyTo(gotTarget, 1 + random.Next(600)), context);
                    Assert.Equal(wantTarget.ToArray(), gotTarget.ToArray());
                    break;
                }

                case 9:
                    expected.Position = 0;
                    actual.Position = 0;
                    Same(() => expected.Write(s_source, offset, count / 2), () => actual.Write(s_source, offset, count / 2), context);
                    break;
                case 10:
                    Same(() => expected.ToArray(), () => actual.ToArray(), context);
                    break;
                default:
                {
                    long relative = random.Next(-20, 20);
                    Same(() => expected.Seek(relative, SeekOrigin.End), () => actual.Seek(relative, SeekOrigin.End), context);
                    break;
                }
            }

            Shrink(expected, actual, random);
            AssertState(expected, actual, context, content: step % 8 == 0 || step == operations - 1);
        }
    }

    public static async Task RunAsync(FileBufferingStream actual, int seed, int operations)
    {
        var random = new Random(seed);
        var expected = new MemoryStream();
        byte[] left = new byte[16 * 1024];
        byte[] right = new byte[16 * 1024];
        for (int step = 0; step < operations; step++)
        {
            int op = random.Next(6);
            string context = $"async seed {seed}, step {step}, op {op}";
            (int offset, int count) = Slice(random);
            switch (op)
            {
                case 0:
                case 1:
                    await expected.WriteAsync(s_source.AsMemory(offset, count));
                    await actual.WriteAsync(s_source.AsMemory(offset, count));
                    break;
                case 2:
                {
                    int read = Math.Min(count * 2, left.Length);
                    int want = await expected.ReadAsync(left.AsMemory(0, read));
                    int got = await actual.ReadAsync(right, 0, read);
                    Assert.Equal(want, got);
                    AssertRead(left, right, new Outcome(want, null, null, null), context);
                    break;
                }

                case 3:
                {
                    long position = random.Next((int)expected.Length + 64);
                    expected.Position = position;
                    actual.Position = position;
                    break;
                }

                case 4:
                {
                    var wantTarget = new MemoryStream();
                    var gotTarget = new MemoryStream();
                    await expected.CopyToAsync(wantTarget);
                    await actual.CopyToAsync(gotTarget, 1 + random.Next(600));
                    Assert.Equal(wantTarget.ToArray(), gotTarget.ToArray());
                    break;
                }

                default:
                    await expected.FlushAsync();
                    await actual.FlushAsync();
                    break;
            }

            Shrink(expected, actual, random);
            AssertState(expected, actual, context, content: step % 8 == 0 || step == operations - 1);
        }
    }

    private static (int Offset, int Count) Slice(Random random)
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

    private static void Shrink(MemoryStream expected, Stream actual, Random random)
    {
        if (expected.Length > MaxLength)
        {
            long length = random.Next(MaxLength / 4);
            expected.SetLength(length);
            actual.SetLength(length);
        }
    }

    private static void AssertState(MemoryStream expected, FileBufferingStream actual, string context, bool content)
    {
        Assert.True(expected.Length == actual.Length, $"{context}: Length {expected.Length} expected, {actual.Length} found.");
        Assert.True(expected.Position == actual.Position, $"{context}: Position {expected.Position} expected, {actual.Position} found.");
        if (content && !expected.ToArray().AsSpan().SequenceEqual(actual.ToArray()))
        {
            Assert.Fail($"{context}: content differs.");
        }
    }

    private static void AssertRead(byte[] left, byte[] right, Outcome outcome, string context)
    {
        int n = outcome.Value as int? ?? 0;
        if (!left.AsSpan(0, n).SequenceEqual(right.AsSpan(0, n)))
        {
            Assert.Fail($"{context}: bytes read differ.");
        }
    }

    private static void Same(Func<object?> expected, Func<object?> actual, string context) =>
        Outcome.AssertSame(Outcome.Of(expected), Outcome.Of(actual), context);

    private static void Same(Action expected, Action actual, string context) =>
        Outcome.AssertSame(Outcome.Of(expected), Outcome.Of(actual), context);
}

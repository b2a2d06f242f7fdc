using System;
using System.Buffers;
using System.IO;
using Eddy.Tests.Streams.Infrastructure;

namespace Eddy.Tests.Streams;

/// <summary>
/// The behaviour every configuration of <see cref="PooledMemoryStream"/> must share. One subclass per
/// configuration (contiguous, segmented, automatic with a tiny threshold, tiny chunks, clear-on-return) runs
/// every test of this suite.
/// </summary>
public abstract partial class PooledMemoryStreamSuite
{
    /// <summary>The configuration under test, drawing from <paramref name="pool"/>.</summary>
    protected abstract PooledMemoryStreamOptions CreateOptions(ArrayPool<byte> pool);

    /// <summary>True when the configuration keeps MemoryStream's int.MaxValue limits (contiguous mode).</summary>
    protected virtual bool HasMemoryStreamLimits => false;

    /// <summary>Sequences the model test runs in this configuration (operations = sequences × OperationsPerSequence).</summary>
    protected virtual int ModelSequences => 1_000;

    protected const int OperationsPerSequence = 210;

    /// <summary>Bytes the steady-state allocation test writes per round: at most ~16 chunks in this configuration.</summary>
    protected virtual int SteadyStateBytes => 64 * 1024;

    protected PooledMemoryStream CreateStream(ArrayPool<byte> pool) => new(CreateOptions(pool));

    protected PooledMemoryStream CreateStream() => new(CreateOptions(new StreamTestPool()));

    protected static byte[] Pattern(int length, int seed = 1)
    {
        var bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    /// <summary>Asserts the two streams hold the same bytes and stand at the same place.</summary>
    protected static void AssertSameState(MemoryStream expected, PooledMemoryStream actual, string context)
    {
        long length = expected.Length;
        if (length != actual.Length)
        {
            Assert.Fail($"{context}: Length {length} expected, {actual.Length} found.");
        }

        if (expected.Position != actual.Position)
        {
            Assert.Fail($"{context}: Position {expected.Position} expected, {actual.Position} found.");
        }

        ReadOnlySpan<byte> want = expected.GetBuffer().AsSpan(0, (int)length);
        long offset = 0;
        foreach (ReadOnlyMemory<byte> memory in actual.GetReadOnlySequence())
        {
            if (!want.Slice((int)offset, memory.Length).SequenceEqual(memory.Span))
            {
                Assert.Fail($"{context}: content differs in [{offset}, {offset + memory.Length}).");
            }

            offset += memory.Length;
        }

        Assert.Equal(length, offset);
    }
}

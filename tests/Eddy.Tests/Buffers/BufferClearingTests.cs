using System;
using System.IO;
using Eddy.Buffers;
using Eddy.Tests.Infrastructure;

namespace Eddy.Tests.Buffers;

/// <summary>
/// Every array the buffers hand back to an auditing pool must be cleared when clearing is due: a segmented buffer
/// made with clear-on-return (as a clearing stream makes it) for bytes, and both buffers always for element types
/// with references, whatever was written into spans from GetSpan/GetMemory, committed or not.
/// </summary>
public class BufferClearingTests
{
    [Fact]
    public void A_clearing_segmented_buffer_hands_back_only_zeros_over_random_operation_sequences()
    {
        for (int seed = 0; seed < 200; seed++)
        {
            var random = new Random(seed);
            var pool = new AuditingArrayPool<byte>();
            bool tiny = random.Next(2) == 0;
            var buffer = new SegmentedBuffer<byte>(pool, tiny ? 7 : 256, tiny ? 13 : 4096, clearOnReturn: true);
            RunSegmented(buffer, pool, random, () => (byte)random.Next(1, 256), $"bytes, seed {seed}");
        }
    }

    [Fact]
    public void A_segmented_buffer_of_references_hands_back_only_cleared_arrays()
    {
        for (int seed = 0; seed < 100; seed++)
        {
            var random = new Random(seed);
            var pool = new AuditingArrayPool<string>();
            var buffer = new SegmentedBuffer<string>(pool, 7, 64);
            RunSegmented(buffer, pool, random, () => "x", $"strings, seed {seed}");
        }
    }

    [Fact]
    public void A_buffer_writer_of_references_hands_back_only_cleared_arrays()
    {
        for (int seed = 0; seed < 100; seed++)
        {
            var random = new Random(seed);
            var pool = new AuditingArrayPool<string>();
            var writer = new PooledBufferWriter<string>(pool, random.Next(0, 40));
            for (int step = 0; step < 60; step++)
            {
                string context = $"seed {seed}, step {step}";
                switch (random.Next(6))
                {
                    case 0:
                    {
                        Span<string> span = writer.GetSpan(random.Next(0, 300));
                        span.Fill("x");
                        writer.Advance(random.Next(span.Length + 1));
                        break;
                    }

                    case 1:
                    {
                        Memory<string> memory = writer.GetMemory(random.Next(0, 300));
                        memory.Span.Fill("y");
                        Assert.Throws<InvalidOperationException>(() => writer.Advance(memory.Length + 1));
                        break;
                    }

                    case 2:
                        writer.Write(new string[random.Next(0, 500)].AsSpan());
                        break;
                    case 3:
                        if (random.Next(2) == 0) { writer.Clear(); } else { writer.Reset(); }
                        break;
                    case 4:
                        writer.DetachBuffer().Dispose();
                        break;
                    default:
                        writer.GetSpan(random.Next(0, 2000)).Fill("z");
                        break;
                }

                pool.AssertReturnedClean(context);
            }

            writer.Dispose();
            pool.AssertAllReturned();
            pool.AssertReturnedClean($"seed {seed}, Dispose");
        }
    }

    private static void RunSegmented<T>(SegmentedBuffer<T> buffer, AuditingArrayPool<T> pool, Random random, Func<T> value, string name)
    {
        for (int step = 0; step < 80; step++)
        {
            int op = random.Next(12);
            string context = $"{name}, step {step}, op {op}";
            try
            {
                switch (op)
                {
                    case 0:
                    {
                        // Filled to the end, advanced by part.
                        Span<T> span = buffer.GetSpan(random.Next(0, 3000));
                        span.Fill(value());
                        buffer.Advance(random.Next(span.Length + 1));
                        break;
                    }

                    case 1:
                    {
                        // Filled, then refused.
                        Memory<T> memory = buffer.GetMemory(random.Next(0, 3000));
                        memory.Span.Fill(value());
                        Assert.Throws<InvalidOperationException>(() => buffer.Advance(memory.Length + 1));
                        break;
                    }

                    case 2:
                        // Filled and dropped: the next call may skip this tail or replace the chunk.
                        buffer.GetSpan(random.Next(0, 5000)).Fill(value());
                        break;
                    case 3:
                    {
                        T[] source = new T[random.Next(0, 3000)];
                        Array.Fill(source, value());
                        buffer.Write(source);
                        break;
                    }

                    case 4:
                    {
                        T[] source = new T[random.Next(0, 500)];
                        Array.Fill(source, value());
                        buffer.Write(random.NextInt64(buffer.Length + 1), source);
                        break;
                    }

                    case 5:
                        buffer.SetLength(random.Next(2) == 0 ? random.NextInt64(buffer.Length + 1) : buffer.Length + random.Next(0, 3000));
                        break;
                    case 6:
                        buffer.Consume(random.NextInt64(buffer.Length + 1));
                        break;
                    case 7:
                        if (random.Next(2) == 0) { buffer.Clear(); } else { buffer.Reset(); }
                        break;
                    case 8:
                        buffer.EnsureCapacity(buffer.Length + random.Next(0, 10_000));
                        break;
                    case 9:
                        _ = buffer.ToArray();
                        break;
                    case 10:
                    {
                        // The next rent fails in the middle of whatever comes next.
                        pool.FailOnRent = pool.RentCallCount + 1;
                        T[] source = new T[random.Next(0, 20_000)];
                        Array.Fill(source, value());
                        buffer.Write(source);
                        break;
                    }

                    default:
                        if (buffer is SegmentedBuffer<byte> bytes)
                        {
                            byte[] data = new byte[random.Next(0, 9000)];
                            random.NextBytes(data);
                            bytes.ReadFrom(new MemoryStream(data));
                        }

                        break;
                }
            }
            catch (OutOfMemoryException)
            {
                // The rent the pool was told to fail.
            }

            pool.AssertReturnedClean(context);
            if (buffer.Length > 100_000)
            {
                buffer.SetLength(random.Next(20_000));
            }
        }

        buffer.Dispose();
        pool.AssertAllReturned();
        pool.AssertReturnedClean($"{name}, Dispose");
    }
}

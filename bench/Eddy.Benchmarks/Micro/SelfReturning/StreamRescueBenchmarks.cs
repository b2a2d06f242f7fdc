using System;
using System.Buffers;
using BenchmarkDotNet.Attributes;
using Eddy.Lifetime;

namespace Eddy.Benchmarks.Micro.SelfReturning;

/// <summary>
/// [streamrescue] What a rescue mechanism costs a stream that is disposed normally: a stand-in stream that rents
/// one 4 KiB chunk and returns it on Dispose: untracked (baseline), guarded by a new finalizable chunk owner per
/// stream (GC.SuppressFinalize on Dispose), and guarded by a recycled RescueGuard. (A weak-handle tracker, as the
/// self-returning buffers use, was measured too and removed: see docs/diagnostics.md.)
/// </summary>
[MemoryDiagnoser]
public class StreamRescueBenchmarks
{
    private const int Operations = 10_000;

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations)]
    public int Untracked()
    {
        int sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            var stream = new PlainStream();
            sum += stream.Write((byte)i);
            stream.Dispose();
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    public int FinalizableOwnerGuarded()
    {
        int sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            var stream = new GuardedStream();
            sum += stream.Write((byte)i);
            stream.Dispose();
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    public int RescueGuardArmed()
    {
        int sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            var stream = new GuardArmedStream();
            sum += stream.Write((byte)i);
            stream.Dispose();
        }

        return sum;
    }

    private sealed class PlainStream : IDisposable
    {
        private byte[]? _chunk = ArrayPool<byte>.Shared.Rent(4096);

        public int Write(byte value) => _chunk![0] = value;

        public void Dispose()
        {
            if (_chunk is { } chunk)
            {
                _chunk = null;
                ArrayPool<byte>.Shared.Return(chunk);
            }
        }
    }

    private sealed class GuardArmedStream : IDisposable
    {
        private readonly TrackedChunks _chunks = new();
        private RescueGuard? _guard;

        public GuardArmedStream() => _guard = RescueGuard.Arm(this, _chunks);

        public int Write(byte value) => _chunks.Chunk![0] = value;

        public void Dispose()
        {
            if (_guard is { } guard)
            {
                _guard = null;
                guard.Disarm();
                ArrayPool<byte>.Shared.Return(_chunks.Chunk!);
                _chunks.Chunk = null;
            }
        }
    }

    private sealed class TrackedChunks : IRescuable
    {
        public byte[]? Chunk { get; set; } = ArrayPool<byte>.Shared.Rent(4096);

        public long Rescue(bool clear)
        {
            byte[]? chunk = Chunk;
            Chunk = null;
            if (chunk is null)
            {
                return 0;
            }

            ArrayPool<byte>.Shared.Return(chunk);
            return chunk.Length;
        }
    }

    private sealed class GuardedStream : IDisposable
    {
        private readonly FinalizableChunkOwner _owner = new(ArrayPool<byte>.Shared.Rent(4096));

        public int Write(byte value) => _owner.Chunk![0] = value;

        public void Dispose()
        {
            if (_owner.Chunk is { } chunk)
            {
                _owner.Chunk = null;
                GC.SuppressFinalize(_owner);
                ArrayPool<byte>.Shared.Return(chunk);
            }
        }
    }
}

using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using DotNext.IO;
using Eddy.Benchmarks.Harness;
using Eddy.FileBuffering;
using Microsoft.AspNetCore.WebUtilities;

namespace Eddy.Benchmarks.Workloads;

/// <summary>
/// [spill] Write <see cref="Bytes"/> in 8 KiB pieces through the async members, read it all back in 8 KiB pieces,
/// dispose. The spilling streams keep 1 MiB in memory and put the rest in a temporary file in the system's temporary
/// directory. ASP.NET Core's FileBufferingWriteStream cannot be read or rewound; it is drained into a sink instead,
/// which sees the same bytes. DotNext's FileBufferingWriter is read back through the stream it hands out for its content.
/// </summary>
[Workload("spill")]
public class SpillBenchmarks
{
    public const int Piece = 8 * 1024;
    public const int Threshold = 1 << 20;

    // No length limit: the workload reaches 1 GiB, past the 32 MiB default.
    private static readonly FileBufferingStreamOptions s_spillOptions = new() { MemoryThreshold = Threshold, MaximumLength = long.MaxValue };
    private static readonly FileBufferingWriter.Options s_dotNextOptions = new() { MemoryThreshold = Threshold };

    private readonly byte[] _piece = TestData.Bytes(Piece);
    private readonly byte[] _readBuffer = new byte[Piece];

    [ParamsSource(nameof(BytesValues))]
    public long Bytes { get; set; }

    public static IEnumerable<long> BytesValues => BenchmarkMode.Select(
        full: [64L << 10, 1L << 20, 64L << 20, 1L << 30],
        quick: [64L << 10, 1L << 20, 64L << 20]);

    [Benchmark(Baseline = true), Implementation(ImplementationIds.MemoryStream)]
    public async Task<long> MemoryStream()
    {
        await using var stream = new MemoryStream();
        return await WriteThenReadAsync(stream);
    }

    [Benchmark, Implementation(ImplementationIds.Eddy)]
    public async Task<long> PooledMemoryStream()
    {
        await using var stream = new PooledMemoryStream();
        return await WriteThenReadAsync(stream);
    }

    [Benchmark, Implementation(ImplementationIds.EddySpill)]
    public async Task<long> FileBufferingStream()
    {
        await using var stream = new FileBufferingStream(s_spillOptions);
        return await WriteThenReadAsync(stream);
    }

    [Benchmark, Implementation(ImplementationIds.FileBufferingWriteStream)]
    public async Task<long> FileBufferingWriteStream()
    {
        await using var stream = new FileBufferingWriteStream(memoryThreshold: Threshold);
        await WriteAsync(stream);
        var sink = new ChecksumSink();
        await stream.DrainBufferAsync(sink);
        return sink.Result;
    }

    /// <summary>
    /// DotNext's FileBufferingWriter, as its docs show it: options with the same memory threshold, the rest default
    /// (asynchronous file I/O, a temporary file in the system's temporary directory); read back through the stream
    /// GetWrittenContentAsStreamAsync returns, in the same 8 KiB pieces.
    /// </summary>
    [Benchmark, Implementation(ImplementationIds.DotNextSpill)]
    public async Task<long> DotNextFileBufferingWriter()
    {
        await using var writer = new FileBufferingWriter(s_dotNextOptions);
        await WriteAsync(writer);
        await using Stream content = await writer.GetWrittenContentAsStreamAsync();
        return await ReadBackAsync(content);
    }

    private async Task WriteAsync(Stream stream)
    {
        for (long remaining = Bytes; remaining > 0; remaining -= Piece)
        {
            await stream.WriteAsync(_piece.AsMemory(0, (int)Math.Min(Piece, remaining)));
        }
    }

    /// <returns>The <see cref="SampledChecksum"/> of what was read back, every 8 KiB sampled: equal for every correct stream.</returns>
    private async Task<long> WriteThenReadAsync(Stream stream)
    {
        await WriteAsync(stream);
        stream.Position = 0;
        return await ReadBackAsync(stream);
    }

    private async Task<long> ReadBackAsync(Stream stream)
    {
        var checksum = new SampledChecksum(Piece);
        int read;
        while ((read = await stream.ReadAsync(_readBuffer)) > 0)
        {
            checksum.Add(_readBuffer.AsSpan(0, read));
        }

        return checksum.Result;
    }

    /// <summary>Receives a drain and computes <see cref="WriteThenReadAsync"/>'s result whatever the write sizes.</summary>
    private sealed class ChecksumSink : Stream
    {
        private SampledChecksum _checksum = new(Piece);
        private long _position;

        public long Result => _checksum.Result;

        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => _position; set => throw new NotSupportedException(); }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

        public override void Write(ReadOnlySpan<byte> buffer)
        {
            _checksum.Add(buffer);
            _position += buffer.Length;
        }

        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        {
            Write(buffer.AsSpan(offset, count));
            return Task.CompletedTask;
        }

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            Write(buffer.Span);
            return default;
        }
    }
}

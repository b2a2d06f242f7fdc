using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using Eddy.Benchmarks.Workloads;
using Eddy.Pooling;
using Microsoft.IO;

namespace Eddy.Benchmarks.Harness;

/// <summary>
/// The memory column of the k4os workload: bytes a stream holds once the k4os write phase is done, per byte it
/// stores, the worst of four lengths from the size up (the size, one byte past it, 1.3 and 1.7 times it: growth
/// policies differ most just past a boundary). Counted, not timed: MemoryStream's capacity, RecyclableMemoryStream's pool bytes in use, and Eddy's
/// bytes rented and not yet returned from a private <see cref="BlockPool"/> (which chunks exactly as the shared one).
/// </summary>
public static class HeldBytesTable
{
    private const int WritePiece = 1024;

    /// <summary>One (size, implementation) cell: the worst held-per-stored ratio over the lengths measured.</summary>
    public sealed record Row(int Bytes, string Implementation, double PerByteStored);

    /// <summary>The k4os sizes from 64 KiB up, every stream written in 1 KiB pieces.</summary>
    public static IReadOnlyList<Row> Measure()
    {
        byte[] piece = TestData.Bytes(WritePiece);
        var rows = new List<Row>();
        foreach (int bytes in StreamWriteReadBenchmarks.BytesValues.Where(b => b >= 64 << 10))
        {
            int[] lengths = [bytes, bytes + 1, (int)(bytes * 1.3), (int)(bytes * 1.7)];
            rows.Add(Worst(bytes, ImplementationIds.MemoryStream, lengths, length =>
            {
                using var stream = new MemoryStream();
                Write(stream, piece, length);
                return stream.Capacity;
            }));
            rows.Add(Worst(bytes, ImplementationIds.RecyclableMemoryStream, lengths, length =>
            {
                var manager = new RecyclableMemoryStreamManager();
                using var stream = manager.GetStream();
                Write(stream, piece, length);
                return manager.SmallPoolInUseSize + manager.LargePoolInUseSize;
            }));
            foreach (var (id, mode) in new[]
            {
                (ImplementationIds.Eddy, PooledMemoryStreamMode.Auto),
                (ImplementationIds.EddyContiguous, PooledMemoryStreamMode.Contiguous),
                (ImplementationIds.EddySegmented, PooledMemoryStreamMode.Segmented),
            })
            {
                rows.Add(Worst(bytes, id, lengths, length =>
                {
                    var blocks = new BlockPool();
                    using var stream = new PooledMemoryStream(new PooledMemoryStreamOptions { Pool = blocks, Mode = mode });
                    Write(stream, piece, length);
                    BlockPoolStatistics statistics = blocks.GetStatistics();
                    return statistics.RentedBytes - statistics.ReturnedBytes;
                }));
            }
        }

        return rows;
    }

    /// <summary>A markdown table: one line per size, one column per implementation.</summary>
    public static string ToMarkdown(IReadOnlyList<Row> rows)
    {
        ArgumentNullException.ThrowIfNull(rows);
        string[] ids = rows.Select(r => r.Implementation).Distinct().ToArray();
        var text = new StringWriter(CultureInfo.InvariantCulture);
        text.WriteLine("| stream size | " + string.Join(" | ", ids) + " |");
        text.WriteLine("|---|" + string.Concat(ids.Select(_ => "---|")));
        foreach (var size in rows.GroupBy(r => r.Bytes))
        {
            text.WriteLine($"| {TestData.FormatSize(size.Key)} | " + string.Join(" | ", ids.Select(id =>
                size.FirstOrDefault(r => r.Implementation == id) is { } row ? row.PerByteStored.ToString("0.00", CultureInfo.InvariantCulture) : "-")) + " |");
        }

        return text.ToString();
    }

    private static Row Worst(int bytes, string implementation, int[] lengths, Func<int, long> heldAfterWriting) =>
        new(bytes, implementation, lengths.Max(length => (double)heldAfterWriting(length) / length));

    private static void Write(Stream stream, byte[] piece, int bytes)
    {
        for (int remaining = bytes; remaining > 0; remaining -= piece.Length)
        {
            stream.Write(piece, 0, Math.Min(piece.Length, remaining));
        }
    }
}

using System;

namespace Eddy.Benchmarks.Workloads;

/// <summary>Deterministic, non-uniform bytes so result checksums notice misplaced data.</summary>
public static class TestData
{
    public static byte[] Bytes(int length)
    {
        var bytes = new byte[length];
        uint state = 0x9E3779B9u;
        for (int i = 0; i < bytes.Length; i++)
        {
            // xorshift32: cheap and reproducible across runs and machines.
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            bytes[i] = (byte)state;
        }

        return bytes;
    }

    /// <summary>Formats a byte count the way the compared libraries' tables name sizes: 128 B, 64 KiB, 1 MB.</summary>
    public static string FormatSize(long bytes)
    {
        const long KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;
        return bytes switch
        {
            0 => "0 B",
            _ when bytes % GiB == 0 => $"{bytes / GiB} GiB",
            _ when bytes % MiB == 0 => $"{bytes / MiB} MiB",
            _ when bytes % KiB == 0 => $"{bytes / KiB} KiB",
            _ when bytes % 1_000_000 == 0 => $"{bytes / 1_000_000} MB",
            _ when bytes % 1_000 == 0 => $"{bytes / 1_000} KB",
            _ => $"{bytes} B",
        };
    }

    /// <summary>Sums the bytes at a stride: a checksum cheap enough to leave inside a measured method.</summary>
    public static long SampleSum(ReadOnlySpan<byte> bytes, int stride)
    {
        long sum = 0;
        for (int i = 0; i < bytes.Length; i += stride)
        {
            sum += bytes[i];
        }

        return sum;
    }
}

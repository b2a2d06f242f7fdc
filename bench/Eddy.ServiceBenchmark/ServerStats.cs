using System;
using System.Globalization;
using System.IO;
using System.Text.Json.Serialization;

namespace Eddy.ServiceBenchmark;

/// <summary>What the server's <c>/_stats</c> endpoint reports about its own process.</summary>
public sealed record ServerStats(
    string Configuration,
    bool ServerGc,
    bool DynamicHeapCount,
    long AllocatedBytes,
    int Gen0,
    int Gen1,
    int Gen2,
    long WorkingSet,
    long PeakWorkingSet,
    long BlockPoolRentedBlocks,
    long BlockPoolAllocatedBytes,
    long BlockPoolDroppedBytes,
    long BlockPoolTrimmedBytes,
    long BlockPoolRetainedBytes)
{
    /// <summary>
    /// This process's figures now, with the counters of <paramref name="pool"/>, the Eddy pool the app's buffers come
    /// from: whether it had to allocate, and how many blocks were rented from it (Kestrel's too, when it is on Eddy's pool).
    /// </summary>
    public static ServerStats Capture(string configuration, Eddy.Pooling.BlockPoolStatistics pool) => new(
        configuration,
        System.Runtime.GCSettings.IsServerGC,
        DynamicAdaptation(),
        GC.GetTotalAllocatedBytes(precise: true),
        GC.CollectionCount(0),
        GC.CollectionCount(1),
        GC.CollectionCount(2),
        Environment.WorkingSet,
        PeakResidentSet(),
        pool.RentedBlocks,
        pool.AllocatedBytes,
        pool.DroppedBytes,
        pool.TrimmedBytes,
        pool.RetainedBytes);

    /// <summary>
    /// Collects garbage fully (so one endpoint's load does not pay for the one before) and restarts the peak
    /// resident set from the current one (Linux: writing 5 to /proc/self/clear_refs resets VmHWM).
    /// </summary>
    public static void Settle()
    {
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        GC.WaitForPendingFinalizers();
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        if (OperatingSystem.IsLinux())
        {
            File.WriteAllText("/proc/self/clear_refs", "5");
        }
    }

    // DATAS: the server GC changes its heap count at run time (GCDynamicAdaptationMode 1).
    private static bool DynamicAdaptation() =>
        GC.GetConfigurationVariables().TryGetValue("GCDynamicAdaptationMode", out object? mode)
        && Convert.ToInt64(mode, CultureInfo.InvariantCulture) != 0;

    private static long PeakResidentSet()
    {
        if (OperatingSystem.IsLinux())
        {
            foreach (string line in File.ReadLines("/proc/self/status"))
            {
                if (line.StartsWith("VmHWM:", StringComparison.Ordinal))
                {
                    return long.Parse(line.AsSpan(6).Trim().TrimEnd("kB").Trim(), CultureInfo.InvariantCulture) * 1024;
                }
            }
        }

        using var process = System.Diagnostics.Process.GetCurrentProcess();
        return process.PeakWorkingSet64;
    }
}

[JsonSerializable(typeof(ServerStats))]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
public sealed partial class StatsJsonContext : JsonSerializerContext;

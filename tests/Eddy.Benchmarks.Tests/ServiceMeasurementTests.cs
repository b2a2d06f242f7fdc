using System;
using System.IO;
using Eddy.ServiceBenchmark;
using Eddy.ServiceBenchmark.Load;

namespace Eddy.Benchmarks.Tests;

/// <summary>A case's figures from the server's counters before and after it.</summary>
public class ServiceMeasurementTests
{
    private static readonly EndpointCase Export1MB = new(EndpointKind.Export, 1 << 20, 1_000);

    private static readonly LoadResult Load = new(4, TimeSpan.FromSeconds(2), [1.0, 2.0, 3.0, 4.0]);

    [Fact]
    public void Bytes_and_collections_per_request_are_the_counters_increase_over_the_requests()
    {
        CaseMeasurement measured = CaseMeasurement.Between("stock", 1, Export1MB, Load, Stats(allocated: 1_000, gen0: 3, gen1: 2, gen2: 1), Stats(allocated: 9_000, gen0: 7, gen1: 4, gen2: 2));

        Assert.Equal(2_000, measured.AllocatedBytesPerRequest);
        Assert.Equal((4, 2, 1), (measured.Gen0, measured.Gen1, measured.Gen2));
        Assert.Equal(2, measured.RequestsPerSecond);
        Assert.Equal("export 1 MB", measured.Case);
    }

    [Fact]
    public void Allocated_bytes_that_went_backwards_are_no_figure()
    {
        // The server GC retiring a heap took that heap's whole history out of GC.GetTotalAllocatedBytes: a plain
        // difference made this a negative byte count per request.
        ServerStats before = Stats(allocated: 5_000_000_000, gen0: 10, gen1: 9, gen2: 9);
        ServerStats after = Stats(allocated: 4_200_000_000, gen0: 20, gen1: 18, gen2: 18);

        InvalidDataException error = Assert.Throws<InvalidDataException>(() => CaseMeasurement.Between("stock", 1, Export1MB, Load, before, after));
        Assert.Contains("allocated bytes", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_case_with_no_completed_request_is_no_figure()
    {
        var none = new LoadResult(0, TimeSpan.FromSeconds(8), []);

        Assert.Throws<InvalidDataException>(() => CaseMeasurement.Between("eddy", 1, Export1MB, none, Stats(0, 0, 0, 0), Stats(100, 0, 0, 0)));
    }

    private static ServerStats Stats(long allocated, int gen0, int gen1, int gen2) =>
        new("stock", ServerGc: true, DynamicHeapCount: false, allocated, gen0, gen1, gen2, WorkingSet: 100 << 20, PeakWorkingSet: 120 << 20, 0, 0, 0, 0, 0);
}

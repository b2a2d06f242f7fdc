using System;
using System.IO;
using Eddy.PackageTests.Infrastructure;

namespace Eddy.PackageTests;

/// <summary>Each sample under samples/ runs to completion, exits with 0 and prints what it verified.</summary>
public class SampleTests
{
    private static readonly TimeSpan s_timeout = TimeSpan.FromMinutes(1);

    [Fact]
    public void Json_http_sample_serves_pooled_json_on_loopback_and_verifies_it()
    {
        var result = SampleApp.Run("Eddy.Samples.JsonHttp", s_timeout);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Matches(@"listening on http://127\.0\.0\.1:\d+/", result.Output);
        Assert.Matches(@"response 3: \d{6} bytes, 2000 forecasts, Content-Length matches", result.Output);
        Assert.Contains("verified 3 JSON responses served from pooled streams", result.Output, StringComparison.Ordinal);
    }

    [Fact]
    public void Gzip_sample_round_trips_its_generated_file()
    {
        var result = SampleApp.Run("Eddy.Samples.Gzip", s_timeout);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Matches(@"input 4,194,\d{3} bytes -> gzip [\d,]+ bytes", result.Output);
        Assert.Contains("round trip verified", result.Output, StringComparison.Ordinal);
        Assert.Matches(@"BlockPool\.Shared: \d+ blocks rented", result.Output);
    }

    [Fact]
    public void Gzip_sample_round_trips_a_given_incompressible_file()
    {
        var input = Path.Combine(Path.GetTempPath(), "eddy-gzip-input-" + Guid.NewGuid().ToString("N") + ".bin");
        var bytes = new byte[300_000];
        new Random(7).NextBytes(bytes);
        File.WriteAllBytes(input, bytes);
        try
        {
            var result = SampleApp.Run("Eddy.Samples.Gzip", s_timeout, input);

            Assert.True(result.ExitCode == 0, result.ToString());
            Assert.Contains("input 300,000 bytes", result.Output, StringComparison.Ordinal);
            Assert.Contains("restored 300,000 bytes", result.Output, StringComparison.Ordinal);
            Assert.Contains("round trip verified", result.Output, StringComparison.Ordinal);
            Assert.True(File.Exists(input), "the sample must not touch the input file");
        }
        finally
        {
            File.Delete(input);
        }
    }

    [Fact]
    public void Game_loop_sample_allocates_nothing_per_frame_in_steady_state()
    {
        var result = SampleApp.Run("Eddy.Samples.GameLoop", s_timeout);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains("steady state (frames 121-600): 0 bytes allocated in total, 0 at most in one frame", result.Output, StringComparison.Ordinal);
        Assert.Contains("allocations per frame in steady state: 0", result.Output, StringComparison.Ordinal);
        Assert.Matches(@"frame 600:\s+0 bytes allocated, 14 bursts active", result.Output);
        // The work really happens (drawn particles add up); the exact sum is left to the platform's float math.
        Assert.Matches(@"checksum [1-9]\d{6,}", result.Output);
    }
}

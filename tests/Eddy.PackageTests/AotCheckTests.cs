using System;
using System.IO;
using System.Text.RegularExpressions;
using Eddy.PackageTests.Infrastructure;

namespace Eddy.PackageTests;

/// <summary>
/// samples/Eddy.AotCheck uses every main type under the trim, AOT and single-file analyzers (the normal build
/// fails on any of their warnings). These tests run it, and with EDDY_AOT_TEST=1 publish it trimmed.
/// </summary>
[Collection(SdkBuildCollection.Name)]
public class AotCheckTests
{
    private const string Name = "Eddy.AotCheck";

    [Fact]
    public void Every_check_of_the_aot_sample_passes_on_the_jit()
    {
        var result = SampleApp.Run(Name, TimeSpan.FromMinutes(1));

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains("all checks passed", result.Output, StringComparison.Ordinal);
        Assert.DoesNotContain("FAIL", result.Output, StringComparison.Ordinal);
    }

    /// <summary>
    /// A self-contained trimmed publish runs ILLink over the whole program, a stronger check than the analyzers;
    /// it takes much longer than the other tests, so it is kept out of the normal run (docs/aot.md).
    /// </summary>
    [EnvironmentFact("EDDY_AOT_TEST")]
    public void Trimmed_self_contained_publish_has_no_warnings_and_runs()
    {
        var output = Path.Combine(Path.GetTempPath(), "eddy-trim-" + Guid.NewGuid().ToString("N"));
        try
        {
            var publish = DotnetCli.Run(
                SampleApp.ProjectDirectory(Name), TimeSpan.FromMinutes(5),
                "publish", "-c", "Release", "-r", "linux-x64", "-o", output, "--disable-build-servers");
            Assert.True(publish.ExitCode == 0, publish.ToString());
            Assert.DoesNotMatch(new Regex(@"warning (IL|CS)\d+"), publish.Output);

            var run = DotnetCli.RunExecutable(Path.Combine(output, Name), output, TimeSpan.FromMinutes(1));
            Assert.True(run.ExitCode == 0, run.ToString());
            Assert.Contains("all checks passed", run.Output, StringComparison.Ordinal);
        }
        finally
        {
            if (Directory.Exists(output))
            {
                Directory.Delete(output, recursive: true);
            }
        }
    }
}

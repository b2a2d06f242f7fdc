using System;
using System.IO;
using System.Linq;
using Eddy.Buffers;
using Eddy.Tests.Shared;

namespace Eddy.Tests.PublicApi;

/// <summary>
/// The public surface of Eddy.dll (net10.0) matches the checked-in listing Eddy.api.txt, so every change to the
/// surface shows in review. On a mismatch the test writes Eddy.api.actual.txt beside it (copy it over to accept);
/// with EDDY_UPDATE_API=1 it rewrites Eddy.api.txt itself.
/// </summary>
public class PublicApiTests
{
    private static readonly string s_expectedPath = RepositoryRoot.Combine("tests", "Eddy.Tests", "PublicApi", "Eddy.api.txt");
    private static readonly string s_actualPath = RepositoryRoot.Combine("tests", "Eddy.Tests", "PublicApi", "Eddy.api.actual.txt");

    [Fact]
    public void Public_surface_matches_the_checked_in_listing()
    {
        var actual = PublicApiListing.Build(typeof(PooledBufferWriter<>).Assembly);
        var actualText = PublicApiListing.ToText(actual);

        if (Environment.GetEnvironmentVariable("EDDY_UPDATE_API") == "1")
        {
            File.WriteAllText(s_expectedPath, actualText);
            File.Delete(s_actualPath);
            return;
        }

        var expected = File.Exists(s_expectedPath)
            ? File.ReadAllText(s_expectedPath).Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n', StringSplitOptions.RemoveEmptyEntries)
            : [];
        var removed = expected.Except(actual, StringComparer.Ordinal).ToList();
        var added = actual.Except(expected, StringComparer.Ordinal).ToList();
        if (removed.Count == 0 && added.Count == 0)
        {
            File.Delete(s_actualPath);
            return;
        }

        File.WriteAllText(s_actualPath, actualText);
        Assert.Fail(
            $"The public API of Eddy changed ({removed.Count} lines removed, {added.Count} added).\n"
            + string.Concat(removed.Select(l => "- " + l + "\n"))
            + string.Concat(added.Select(l => "+ " + l + "\n"))
            + $"If the change is intended, copy {s_actualPath} over {s_expectedPath} (or run the test with EDDY_UPDATE_API=1).");
    }
}

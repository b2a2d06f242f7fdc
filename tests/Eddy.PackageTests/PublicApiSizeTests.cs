using System;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Eddy.Tests.Shared;

namespace Eddy.PackageTests;

/// <summary>
/// The public surface of Eddy.dll stays small: the net10.0 listing (which the PublicApiAnalyzers build check keeps
/// equal to what the assembly exposes) names at most <see cref="MaximumMembers"/> distinct members, counted as
/// docs/api-review.md counts them (overloads and accessors merged, types included).
/// </summary>
public class PublicApiSizeTests
{
    private const int MaximumMembers = 300;

    [Fact]
    public void Eddy_net10_listing_names_at_most_300_distinct_members()
    {
        int count = CountDistinctMembers(ReadListing("Eddy", "net10.0"));

        Assert.True(count <= MaximumMembers, $"Eddy.dll (net10.0) lists {count} distinct public members; the budget is {MaximumMembers}. See docs/api-review.md.");
    }

    [Fact]
    public void The_count_merges_overloads_and_accessors_and_skips_the_nullable_header()
    {
        string[] listing =
        [
            "#nullable enable",
            "",
            "Eddy.Binary.BinaryBufferWriter.Write(int value) -> void",
            "Eddy.Binary.BinaryBufferWriter.Write(long value) -> void",
            "Eddy.Pooling.BlockPoolOptions.ClearOnReturn.get -> bool",
            "Eddy.Pooling.BlockPoolOptions.ClearOnReturn.init -> void",
            "const Eddy.Diagnostics.EddyDiagnostics.MeterName = \"Eddy.Pooling\" -> string!",
            "Eddy.Pooling.BlockPoolOptions",
        ];

        Assert.Equal(4, CountDistinctMembers(listing));
    }

    /// <summary>
    /// The one-liner of docs/api-review.md: drop <c>#nullable enable</c> and blank lines, cut parameters and return
    /// types, merge <c>.get</c>/<c>.set</c>/<c>.init</c>, count the distinct rest.
    /// </summary>
    internal static int CountDistinctMembers(string[] listing) => listing
        .Select(line => line.Replace("#nullable enable", string.Empty, StringComparison.Ordinal))
        .Where(line => line.Length != 0)
        .Select(line => Regex.Replace(line, @"\(.*", string.Empty))
        .Select(line => Regex.Replace(line, " -> .*", string.Empty))
        .Select(line => Regex.Replace(line, @"\.(get|set|init)$", string.Empty))
        .Distinct(StringComparer.Ordinal)
        .Count();

    private static string[] ReadListing(string project, string framework)
    {
        string folder = RepositoryRoot.Combine("src", project, "PublicAPI", framework);
        return File.ReadAllLines(Path.Combine(folder, "PublicAPI.Shipped.txt"))
            .Concat(File.ReadAllLines(Path.Combine(folder, "PublicAPI.Unshipped.txt")))
            .ToArray();
    }
}

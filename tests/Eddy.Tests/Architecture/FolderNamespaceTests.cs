using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Eddy.Tests.Shared;

namespace Eddy.Tests.Architecture;

/// <summary>
/// Every .cs file under src/Eddy declares the namespace its folder names: src/Eddy/Buffers/X.cs is in Eddy.Buffers,
/// a file at the root is in Eddy. A reader then finds a type from its namespace alone.
/// </summary>
public partial class FolderNamespaceTests
{
    /// <summary>
    /// Today's files whose namespace is not their folder's, each with why. The list only shrinks: a file that
    /// is fixed must leave it (the test fails until it does), and no file may join it.
    /// </summary>
    private static readonly Dictionary<string, string> s_knownMismatches = new(StringComparer.Ordinal)
    {
        ["Pooling/SelfReturning/BufferRegistry.cs"] = "The self-returning pool sits in a subfolder but shares Eddy.Pooling.",
        ["Pooling/SelfReturning/SelfReturningBuffer.cs"] = "The self-returning pool sits in a subfolder but shares Eddy.Pooling.",
        ["Pooling/SelfReturning/SelfReturningBufferPool.cs"] = "The self-returning pool sits in a subfolder but shares Eddy.Pooling.",
        ["Pooling/SelfReturning/SelfReturningBufferPoolStatistics.cs"] = "The self-returning pool sits in a subfolder but shares Eddy.Pooling.",
        ["Pooling/SelfReturning/SelfReturningPoolCounters.cs"] = "The self-returning pool sits in a subfolder but shares Eddy.Pooling.",
    };

    /// <summary>Polyfills declare BCL types the older targets lack, so they must use the BCL's namespaces.</summary>
    private const string PolyfillFolder = "Polyfills";

    private static readonly string s_source = RepositoryRoot.Combine("src", "Eddy");

    [Fact]
    public void Every_source_file_declares_the_namespace_of_its_folder_beyond_the_known_mismatches()
    {
        var mismatches = new Dictionary<string, string>(StringComparer.Ordinal);
        int checkedFiles = 0;
        foreach (string path in SourceFiles())
        {
            string relative = Path.GetRelativePath(s_source, path).Replace('\\', '/');
            string folder = Path.GetDirectoryName(relative)!.Replace('\\', '/');
            if (folder == PolyfillFolder || folder.StartsWith(PolyfillFolder + "/", StringComparison.Ordinal))
            {
                continue;
            }

            var declared = Namespace().Matches(File.ReadAllText(path)).Select(m => m.Groups[1].Value).Distinct().ToList();
            if (declared.Count == 0)
            {
                // Assembly attributes only (Properties/AssemblyInfo.cs).
                continue;
            }

            checkedFiles++;
            string expected = folder.Length == 0 ? "Eddy" : "Eddy." + folder.Replace('/', '.');
            if (declared.Any(n => n != expected))
            {
                mismatches[relative] = $"{relative}: namespace {string.Join(", ", declared)}, folder says {expected}";
            }
        }

        var added = mismatches.Keys.Where(f => !s_knownMismatches.ContainsKey(f)).Order(StringComparer.Ordinal).ToList();
        var fixedFiles = s_knownMismatches.Keys.Where(f => !mismatches.ContainsKey(f)).Order(StringComparer.Ordinal).ToList();

        Assert.True(checkedFiles > 50, $"only {checkedFiles} files checked under {s_source}: is the path right?");
        Assert.True(
            added.Count == 0 && fixedFiles.Count == 0,
            (added.Count > 0 ? "New mismatches:\n  " + string.Join("\n  ", added.Select(f => mismatches[f])) + "\n" : "")
            + (fixedFiles.Count > 0 ? $"Fixed or gone, so remove from {nameof(s_knownMismatches)}:\n  " + string.Join("\n  ", fixedFiles) + "\n" : ""));
    }

    private static IEnumerable<string> SourceFiles() =>
        Directory.EnumerateFiles(s_source, "*.cs", SearchOption.AllDirectories)
            .Where(p =>
            {
                string relative = Path.GetRelativePath(s_source, p).Replace('\\', '/');
                return !relative.StartsWith("bin/", StringComparison.Ordinal) && !relative.StartsWith("obj/", StringComparison.Ordinal);
            });

    [GeneratedRegex(@"^\s*namespace\s+([\w.]+)\s*[;{]", RegexOptions.Multiline)]
    private static partial Regex Namespace();
}

using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using Eddy.PackageTests.Infrastructure;

namespace Eddy.PackageTests.PublicApi;

/// <summary>
/// The public surface of every assembly of every package, for every target framework it ships, matches the
/// checked-in listing PublicApi/&lt;Package&gt;.&lt;framework&gt;.txt, so every change to what users can call shows
/// in review. The assemblies are read from the packed .nupkg files, as users get them. On a mismatch the test
/// writes &lt;Package&gt;.&lt;framework&gt;.actual.txt beside the listing (copy it over to accept); with
/// EDDY_UPDATE_API=1 it rewrites the listings themselves.
/// </summary>
[Collection(SdkBuildCollection.Name)]
public class PublicApiTests
{
    private static readonly string s_listingDirectory = RepositoryRoot.Combine("tests", "Eddy.PackageTests", "PublicApi");

    private readonly PackageFixture _packages;

    public PublicApiTests(PackageFixture packages) => _packages = packages;

    public static TheoryData<string, string> Listings()
    {
        var data = new TheoryData<string, string>();
        foreach (var framework in new[] { "net10.0", "net8.0", "netstandard2.1" })
        {
            data.Add("Eddy", framework);
            data.Add("Eddy.Extensions.ObjectPool", framework);
            data.Add("Eddy.Extensions.DependencyInjection", framework);
        }

        data.Add("Eddy.AspNetCore", "net10.0");
        return data;
    }

    [Theory]
    [MemberData(nameof(Listings))]
    public void Public_surface_matches_the_checked_in_listing(string package, string framework)
    {
        var actual = ReadSurface(package, framework);
        var expectedPath = Path.Combine(s_listingDirectory, $"{package}.{framework}.txt");
        var actualPath = Path.Combine(s_listingDirectory, $"{package}.{framework}.actual.txt");

        if (Environment.GetEnvironmentVariable("EDDY_UPDATE_API") == "1")
        {
            File.WriteAllText(expectedPath, PublicApiListing.ToText(actual));
            File.Delete(actualPath);
            return;
        }

        var expected = File.Exists(expectedPath)
            ? File.ReadAllText(expectedPath).Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n', StringSplitOptions.RemoveEmptyEntries)
            : [];
        var removed = expected.Except(actual, StringComparer.Ordinal).ToList();
        var added = actual.Except(expected, StringComparer.Ordinal).ToList();
        if (removed.Count == 0 && added.Count == 0)
        {
            File.Delete(actualPath);
            return;
        }

        File.WriteAllText(actualPath, PublicApiListing.ToText(actual));
        Assert.Fail(
            $"The public surface of {package} ({framework}) changed.\n"
            + (removed.Count > 0 ? "Removed:\n  " + string.Join("\n  ", removed) + "\n" : "")
            + (added.Count > 0 ? "Added:\n  " + string.Join("\n  ", added) + "\n" : "")
            + $"If the change is intended, copy {actualPath} over {expectedPath} (or run the test with EDDY_UPDATE_API=1).");
    }

    [Fact]
    public void Every_shipped_assembly_has_a_listing_and_every_listing_a_shipped_assembly()
    {
        var shipped = Listings().Select(row => $"{row[0]}.{row[1]}.txt").Order(StringComparer.Ordinal);
        var checkedIn = Directory.EnumerateFiles(s_listingDirectory, "*.txt")
            .Select(Path.GetFileName)
            .Where(name => !name!.EndsWith(".actual.txt", StringComparison.Ordinal))
            .Order(StringComparer.Ordinal);

        Assert.Equal(shipped, checkedIn);
    }

    [Fact]
    public void Each_package_ships_exactly_the_frameworks_listed()
    {
        foreach (var group in Listings().GroupBy(row => (string)row[0], row => (string)row[1]))
        {
            using var archive = ZipFile.OpenRead(PackagePath(group.Key));
            var frameworks = archive.Entries
                .Where(e => e.FullName.StartsWith("lib/", StringComparison.Ordinal) && e.FullName.EndsWith(".dll", StringComparison.Ordinal))
                .Select(e => e.FullName.Split('/')[1])
                .Distinct()
                .Order(StringComparer.Ordinal);

            Assert.Equal(group.Order(StringComparer.Ordinal), frameworks);
        }
    }

    /// <summary>
    /// Lists the package's assembly for one framework, loaded from the .nupkg into a collectible context that
    /// resolves Eddy's own assemblies from the same framework folder of the Eddy packages, and everything else
    /// (the base library, the Microsoft.Extensions and ASP.NET Core assemblies the test project references) from
    /// the default context.
    /// </summary>
    private IReadOnlyList<string> ReadSurface(string package, string framework)
    {
        var folders = new List<string>();
        foreach (var name in new[] { package, "Eddy" }.Distinct())
        {
            folders.Add(Extract(PackagePath(name), framework));
        }

        var context = new FrameworkFolderLoadContext(folders);
        try
        {
            var assembly = context.LoadFromAssemblyPath(Path.Combine(folders[0], package + ".dll"));
            return PublicApiListing.Build(assembly);
        }
        finally
        {
            context.Unload();
        }
    }

    private string PackagePath(string package)
    {
        var (pack, path) = package switch
        {
            "Eddy" => (_packages.Pack, _packages.PackagePath),
            "Eddy.Extensions.ObjectPool" => (_packages.ExtensionPack, _packages.ExtensionPackagePath),
            "Eddy.Extensions.DependencyInjection" => (_packages.DependencyInjectionPack, _packages.DependencyInjectionPackagePath),
            "Eddy.AspNetCore" => (_packages.AspNetCorePack, _packages.AspNetCorePackagePath),
            _ => throw new ArgumentOutOfRangeException(nameof(package), package, "Not a package of this repository."),
        };
        Assert.True(pack.ExitCode == 0 && path is not null, $"dotnet pack of {package} failed: {pack}");
        return path!;
    }

    /// <summary>Extracts lib/&lt;framework&gt;/ of a package into a folder of its own, once per run.</summary>
    private string Extract(string packagePath, string framework)
    {
        var folder = Path.Combine(_packages.OutputDirectory, "api", Path.GetFileNameWithoutExtension(packagePath), framework);
        if (Directory.Exists(folder))
        {
            return folder;
        }

        var staging = folder + "." + Guid.NewGuid().ToString("N");
        Directory.CreateDirectory(staging);
        using (var archive = ZipFile.OpenRead(packagePath))
        {
            foreach (var entry in archive.Entries.Where(e => e.FullName.StartsWith($"lib/{framework}/", StringComparison.Ordinal) && e.Name.Length > 0))
            {
                entry.ExtractToFile(Path.Combine(staging, entry.Name));
            }
        }

        try
        {
            Directory.Move(staging, folder);
        }
        catch (IOException) when (Directory.Exists(folder))
        {
            // Another test of this run extracted it first.
            Directory.Delete(staging, recursive: true);
        }

        return folder;
    }

    private sealed class FrameworkFolderLoadContext(IReadOnlyList<string> folders) : AssemblyLoadContext(isCollectible: true)
    {
        protected override Assembly? Load(AssemblyName assemblyName)
        {
            foreach (var folder in folders)
            {
                var path = Path.Combine(folder, assemblyName.Name + ".dll");
                if (File.Exists(path))
                {
                    return LoadFromAssemblyPath(path);
                }
            }

            return null;
        }
    }
}
